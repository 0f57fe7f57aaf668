import type { ErrorMessages } from './en.js';

export default {
  'error.badJson': 'Hindi valid na JSON ang body ng request.',
  'error.badUrl': 'Hindi wasto ang address ng request na ito.',
  'error.missingHost': 'Walang Host header ang request na ito, na kailangan sa HTTP/1.1.',
  'error.badRequest': 'Hindi mabasa ang request. Pakipadala itong muli.',
  'error.crossSiteRequest':
    'Galing sa ibang site ang request na ito kaya tinanggihan. Buksan ang page sa server na ito at subukang muli.',
  'error.requestTimeout':
    'Masyadong natagalan bago dumating ang request kaya kinansela ito. Tingnan ang iyong koneksyon at subukang muli.',
  'error.invalidField': 'May invalid na field ang request: {{detail}}',
  'error.notLoggedIn': 'Mag-sign in muna.',
  'error.wrongCredentials': 'Mali ang account o password.',
  'error.apiNotFound': 'Walang API sa {{path}}.',
  'error.notFound': 'Walang nakita sa {{path}}.',
  'error.versionNotFound': 'Hindi umiiral ang bersyong ito. Maaaring na-delete na ito.',
  'error.versionNameTaken': 'Mayroon nang bersyon na may ganitong pangalan.',
  'error.defaultVersionRequired':
    'Dapat may isang bersyon na mananatiling default. Sa halip, gawing default ang ibang bersyon.',
  'error.concurrentUpdate': 'May ibang nagbago nito sa parehong oras. I-reload at subukang muli.',
  'error.bodyTooLarge': 'Masyadong malaki ang request (hanggang {{max}} byte lang).',
  'error.unsupportedMediaType': 'Ipadala ang request bilang JSON (Content-Type: application/json).',
  'error.tooManyLoginAttempts':
    'Masyadong maraming nabigong pag-sign in. Subukang muli pagkalipas ng {{seconds}} segundo.',
  'error.diagTransferLimit':
    'Nagamit na ng address na ito ang bahagi nito sa bandwidth test sa ngayon. Subukang muli pagkalipas ng {{seconds}} segundo.',
  'error.internal': 'Nagkaproblema sa server. Pakisubukang muli.',
  'error.databaseUnavailable': 'Hindi maabot ang database sa ngayon. Pakisubukang muli pagkalipas ng ilang segundo.',
  'error.serverStopping': 'Nagre-restart ang server. Pakisubukang muli pagkalipas ng ilang segundo.',
  'error.callCentreUnavailable':
    'Inililipat ang call center sa ibang server. Pakisubukang muli pagkalipas ng ilang segundo.',
  'error.socketMissing': 'Walang socket instance. Simulan muna ang telepono gamit ang init().',
  'error.cannotSend': 'Hindi makapagpadala ng mga mensahe: hindi pa na-load ang telepono.',
  'error.connectionDown':
    'Putol o hindi available ang koneksyon. Kumokonekta muli ang telepono; subukang muli maya-maya.',
  'error.sessionEnded':
    'Natapos na ang session ng telepono (na-sign out, kinuha sa ibang tab, o isinara), kaya hindi na ito tumatanggap ng mga request. Simulan muli ang telepono, o bawiin ang ahente.',
  'error.phoneNotReady':
    'Hindi pa naka-sign in ang telepono, kaya hindi naipadala ang request. Hintaying maging handa ang telepono at subukang muli.',
  'error.engineTimeout':
    'Hindi sumagot sa oras ang call center, kaya hindi alam ang resulta. Tingnan ang estado ng telepono, saka subukang muli.',

  'error.ssoTokenInvalid': 'Hindi nakuha ang lagda ng SSO: hindi wasto ang public-key token ng SSO.',
  'error.ssoAccountUnknown': 'Hindi nakuha ang lagda ng SSO: walang ahente sa tenant na ito na may ganitong account.',
  'error.ssoSignatureInvalid':
    'Hindi nakuha ang token sa pag-log in sa pamamagitan ng serbisyong Basic. Hindi wasto o paso na ang lagda ng SSO; humingi ng bago.',
  'error.ssoSignatureUsed':
    'Hindi nakuha ang token sa pag-log in sa pamamagitan ng serbisyong Basic. Nagamit na ang lagdang ito ng SSO; humingi ng bago.',
  'error.basicLoginFailed':
    'Hindi nakuha ang token sa pag-log in sa pamamagitan ng serbisyong Basic. Suriin ang account at ang password.',
  'error.agentDisabled':
    'Hindi nakuha ang token sa pag-log in sa pamamagitan ng serbisyong Basic. Naka-disable ang account ng ahenteng ito.',
  'error.accountAmbiguous':
    'Umiiral ang numerong ito ng empleyado sa ilang tenant. Mag-sign in gamit ang iyong e-mail address.',
  'error.loginTokenInvalid':
    'Nabigo ang pagpapatunay sa pag-log in: hindi wasto ang token sa pag-log in. Mag-sign in muli.',
  'error.loginTokenExpired':
    'Nabigo ang pagpapatunay sa pag-log in: paso na ang token sa pag-log in. Mag-sign in muli.',
  'error.loginTokenUsed':
    'Nabigo ang pagpapatunay sa pag-log in: nagamit na ang token na ito sa pag-log in. Kumuha ng bago.',
  'error.socketAuthFailed': 'Nabigo ang pagpapatunay ng socket.',
  'error.sessionGone': 'Hindi maipagpatuloy ang session dahil natapos na ito. Mag-sign in muli.',
  'error.badFrame': 'Hindi mabasa ang mensahe: hindi ito mensahe ng protocol ng softphone.',
  'error.unknownMethod': 'Walang method na may pangalang “{{method}}”.',
  'error.invalidParams': 'May mga parameter na hindi wasto: {{detail}}',
  'error.checkInNotAllowed': 'Nabigo ang pag-check in: hindi pinapayagang mag-check in ang ahenteng ito.',
  'error.checkInNoExtension':
    'Nabigo ang pag-check in: walang extension ang ahenteng ito. Hilingin sa isang admin na magtalaga nito.',
  'error.notCheckedIn': 'Mag-check in muna.',
  'error.alreadyCheckedIn': 'Naka-check in na ang ahente.',
  'error.illegalAgentStatus': 'Hindi puwedeng mag-check out ang ahente habang may tawag. Tapusin muna ang tawag.',
  'error.unknownReason': 'Wala sa listahan ng tenant ang dahilang ito ng hindi pagiging handa.',
  'error.unknownWrapUpCode': 'Wala sa listahan ng tenant ang wrap-up code na ito.',
  'error.frameTooLarge': 'Masyadong malaki ang mensahe.',
  'error.tooManyFrames':
    'Masyadong maraming mensahe sa maikling panahon. Isinara ang koneksyon; kusa itong muling kokonekta.',
  'error.invalidNumber': 'Hindi matawagan ang numerong ito. Suriin ito at subukang muli.',
  'error.callNotFound': 'Wala na ang tawag na ito.',
  'error.agentInCall': 'May kausap na sa tawag ang ahente.',
  'error.illegalCallState': 'Hindi ito magagawa sa kasalukuyang kalagayan ng tawag.',
  'error.transferFailed': 'Nabigo ang paglipat: hindi sinagot ng panlabas na numero ang tawag.',
  'error.trunkTransferUnsupported':
    'Ang tawag sa SIP trunk ay maipapasa sa kasamahan o sa pila, pero hindi pa sa numerong panlabas.',
  'error.extensionUnavailable':
    'Hindi makakatanggap ng tawag ang extension na iyan ngayon: offline o may kausap ang kasamahan, o hindi pa naitatalaga ang extension.',
  'error.internalCallNotAllowed': 'Naka-off ang pagtawag sa mga kasamahan sa teleponong ito.',
  'error.numberBlocked': 'Naka-block ng dial plan ng iyong call center ang mga tawag sa {{number}}.',
  'error.premiumNumberBlocked':
    'Premium-rate o satellite number ang {{number}}, at hindi pinapayagan ng dial plan ng iyong call center ang pagtawag dito.',
  'error.internationalNotAllowed':
    'Nasa ibang bansa ang {{number}}, at hindi ka pinapayagan ng dial plan ng iyong call center na tumawag sa ibang bansa.',
  'error.tenantNotFound': 'Hindi umiiral ang tenant na ito. Maaaring na-delete na ito.',
  'error.agentNotFound': 'Hindi umiiral ang ahenteng ito. Maaaring na-delete na ito.',
  'error.agentTaken': 'May ibang ahente nang gumagamit ng value na ito.',
  'error.webhookNotFound': 'Hindi umiiral ang webhook na ito. Maaaring na-delete na ito.',
  'error.webhookDeliveryNotFound':
    'Wala na sa log ang delivery na ito. Inaalis ang mga lumang delivery pagkalipas ng ilang panahon.',
  'error.apiKeyInvalid':
    'Wala, hindi kilala, o na-revoke na ang API key na ito. Ipadala ito bilang “Authorization: Bearer opk_…”, o gumawa ng bago sa CMS.',
  'error.apiKeyNotFound': 'Hindi umiiral ang API key na ito. Maaaring na-revoke na ito.',
  'error.apiKeyLimit':
    'Hanggang {{max}} API key lang ang puwede sa isang tenant. Mag-revoke muna ng isang hindi mo na ginagamit.',
  'error.eventCursorUnknown':
    'Hindi na nakatago ang mga event pagkatapos nito (30 araw lang itinatago ang mga event), o hindi ito event ng tenant na ito. Magsimula ulit nang walang “after” at kunin ang mga nalampasan mo mula sa sarili mong mga record.',
  'error.eventStreamLimit': 'May {{max}} stream nang bukas ang API key na ito. Magsara ng isa, o gumamit ng ibang key.',
  'error.webhookLimit':
    'Hanggang {{max}} webhook lang ang puwede sa isang tenant. Mag-delete muna ng isang hindi mo na ginagamit.',
  'error.webhookTargetRefused':
    'Nasa server na ito o sa isang pribadong network ang {{host}}, at hindi nagpapadala ng mga event doon ang server na ito. Gumamit ng address na naaabot mula sa internet, o hilingin sa operator na payagan ang mga pribadong target (WEBHOOK_PRIVATE_TARGETS).',
  'error.agentAccountRequired':
    'Bigyan ang ahente ng kahit isang e-mail address, numero ng empleyado o numero ng mobile na magagamit sa pag-sign in.',

  'error.field.required': 'Kailangan ang “{{field}}”.',
  'error.field.tooLong': 'Hanggang {{max}} character lang dapat ang “{{field}}”.',
  'error.field.tooShort': 'Dapat hindi bababa sa {{min}} character ang “{{field}}”.',
  'error.field.tooBig': 'Hindi dapat lumampas sa {{max}} ang “{{field}}”.',
  'error.field.tooSmall': 'Dapat hindi bababa sa {{min}} ang “{{field}}”.',
  'error.field.wrongType': 'Mali ang uri ng value ng “{{field}}”.',
  'error.field.unknown': 'Hindi field ng request na ito ang “{{field}}”.',
  'error.field.notAllowed': 'Hindi pinapayagan ang value ng “{{field}}”.',
  'error.field.badCharacter': 'May character na hindi pinapayagan sa “{{field}}”.',
  'error.field.tooMany': 'Hanggang {{max}} entry lang ang puwede sa “{{field}}”.',
  'error.field.emptyKey': 'May entry na walang pangalan sa “{{field}}”.',
  'error.field.weakPassword':
    "Masyadong madaling hulaan ang “{{field}}”: karaniwan o na-leak na password, paulit-ulit o magkakasunod na character, o salita mula sa serbisyong ito o sa account. Ilang salitang walang kaugnayan sa isa't isa ang bumubuo ng matibay na password.",
  'error.field.reusedPassword': 'Dapat iba ang “{{field}}” sa kasalukuyang password.',
  'error.demoAgentPasswordRefused':
    'Nasa na-publish na demo password pa ang agent na ito, na gumagana lang sa server na naaabot mula sa makinang ito lamang. Hilingin sa isang administrator na magtakda ng bagong password sa CMS.',
  'error.resourceNotFound': 'Wala ang dokumentong ito o hindi pa ito nailalathala.',
  'error.accountDisabled': 'Na-disable ang account na ito. Hilingin sa isang admin na i-enable itong muli.',
  'error.forbidden': 'Hindi ito pinapayagan ng iyong role. Makipag-ugnayan sa isang admin.',
  'error.passwordChangeRequired': 'Palitan muna ang demo password bago magpatuloy.',
  'error.attachmentNotFound': 'Hindi umiiral ang attachment na ito. Maaaring na-delete na ito.',
  'error.accountNotFound': 'Hindi umiiral ang account na ito. Maaaring na-delete na ito.',
  'error.staleRevision':
    'May ibang nag-save nito matapos mo itong buksan. Ikumpara ang dalawang bersyon bago mag-save muli.',
  'error.categoryNotEmpty':
    'May mga sub-kategorya o dokumento pa sa kategoryang ito. Ilipat o i-delete muna ang mga ito.',
  'error.illegalStatusChange':
    'Hindi pinapayagan ang pagbabagong ito ng status. Maaari lang ilathala ang item na hindi pa nailalathala o naka-offline, at i-offline ang item na nakalathala na.',
  'error.categoryCycle':
    'Hindi maaaring ilipat ang isang kategorya sa ilalim ng sarili nito o ng alinman sa mga sub-kategorya nito.',
  'error.attachmentInUse': 'May dokumento pang naka-link sa attachment na ito. Alisin muna ang link.',
  'error.accountTaken': 'Mayroon nang account na may ganitong pangalan.',
  'error.lastAdmin': 'Ito na ang huling aktibong admin. Gawin munang admin ang ibang account.',
  'error.sortMismatch': 'Nagbago ang listahan habang inaayos mo ito. I-reload at subukang muli.',
  'error.attachmentTooLarge': 'Masyadong malaki ang file (hanggang {{max}} MB lang).',
  'error.unsupportedFileType':
    'Hindi maaaring i-attach ang ganitong uri ng file. Gumamit ng larawan, PDF, text, Markdown, CSV o ZIP file.',
  'error.categoryNotFound': 'Wala ang kategoryang ito o hindi pa ito nailalathala.',
  'error.deviceNotFound':
    'Walang ganitong device sa browser na ito. Baka na-unplug ito: tawagin ang getDevices para sa kasalukuyang listahan.',
  'error.outputSelectionUnsupported':
    'Hindi kayang piliin ng browser na ito kung saan tutunog ang audio, kaya ang default na output lang ang puwedeng gamitin.',
  'error.didTaken':
    'Nagri-ring na sa ibang tenant ang numerong {{number}}. Isang tenant lang ang maaaring maabot ng isang numero.',
  'error.telephonyNotConfigured':
    'Walang naka-set up na SIP socket at media relay sa server na ito (SIP_LISTEN at RTPENGINE_NG), kaya hindi mabubuksan ang trunk.',
  'error.secretsKeyMissing':
    'Walang key ang server na ito para itago nang naka-encrypt ang mga password (SECRETS_KEY), kaya hindi mase-save ang password ng trunk.',
  'error.trunkBusy':
    'Okupado ang lahat ng linya ng koneksyon sa telepono ng iyong call center. Subukang muli kapag may natapos nang tawag.',
  'error.shortNumberIsExtension':
    'Extension ng isang ahente ang {{number}}. Kung short number ito sa dial plan, lalabas ang tawag papunta sa network ng telepono sa halip na mag-ring sa ahente: alisin ito sa listahan o palitan ang extension.',
  'error.field.duplicate': 'Inuulit ng “{{field}}” ang isang value na nasa listahan na.',
  'error.jsonTooDeep':
    'Masyadong malalim ang pagkakapatong ng mga list at object sa body ng request (hanggang {{max}} antas lang).',
  'error.trunkHostForbidden':
    'Hindi maaaring maging host ng trunk ang {{host}}: isa itong link-local o cloud metadata address, hindi kailanman SIP server ng carrier. Ilagay ang address na ibinigay ng iyong carrier.',
} satisfies ErrorMessages;
