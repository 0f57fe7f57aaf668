import type { SoftphoneMessages } from './en.js';

export default {
  'softphone.title': 'Softphone',

  'softphone.param.serverUrl':
    'Address ng server ng open platform kung saan kinukuha ng softphone ang mga file at data nito.',
  'softphone.param.token':
    'Token sa pag-log in mula sa serbisyong Basic. Ginagamit ito ng softphone para patunayan ang koneksyon nito.',
  'softphone.param.mini': 'Ipakita ang pinaliit na softphone: status at mga kontrol sa tawag lang.',
  'softphone.param.assistantRobot':
    'Ipakita ang robot na katulong, na nagmumungkahi ng mga sagot mula sa dokumentasyon. Gumagana lang ito sa mga ahenteng naka-enable ito.',
  'softphone.param.lang':
    'Wika ng interface. Iwanang blangko para gamitin ang default na wika ng tenant; kung wala, Pinasimpleng Tsino.',
  'softphone.param.statusBar': 'Ipakita ang status bar sa itaas na may status ng ahente at kalagayan ng koneksyon.',
  'softphone.param.dialPad': 'Ipakita ang dial pad.',
  'softphone.param.internalCall': 'Payagan ang pagtawag sa mga kasamahan gamit ang extension.',
  'softphone.param.volteVideo': 'Magdagdag ng video sa mga panloob na tawag.',
  'softphone.param.visible':
    'Ipakita ang softphone kapag nag-load ito. Itago ito para patuloy itong tumakbo nang hindi nakikita.',
  'softphone.param.visibleNow':
    'Ipinapakita ng true ang telepono at itinatago ito ng false; patuloy itong tumatakbo kahit nakatago.',
  'softphone.param.displayNumber': 'Isa sa mga ipinapakitang numero ng tenant.',
  'softphone.param.rtcCallId': 'Ang internal na tawag na kinabibilangan ng signal.',
  'softphone.param.page': 'Ang page na bubuksan: dial pad, mga rekord ng tawag, direktoryo o robot na katulong.',
  'softphone.param.status': 'Ang status ng ahente na itatakda: bakante (handa) o abala (hindi handa).',
  'softphone.param.reason_id': 'Kapag abala: ang dahilan ng hindi pagiging handa, mula sa listahan ng tenant.',
  'softphone.param.number': 'Ang numero ng telepono na tatawagan: mga digit, puwedeng magsimula sa +.',
  'softphone.param.call_id': 'Ang tawag na gagawan ng aksyon. Huwag itong isama para sa kasalukuyang tawag.',
  'softphone.param.limit': 'Ilang rekord ang ibabalik, hanggang 100.',
  'softphone.param.agent_id': 'Ang ahenteng may-ari ng tawag.',
  'softphone.param.signal': 'Ang paglalarawan ng session ng WebRTC o ICE candidate, ayon sa ibinigay ng browser.',

  'softphone.method.setPhoneVisible': 'Ipinapakita o itinatago ang softphone.',
  'softphone.method.goToPage': 'Nagbubukas ng isang page ng softphone.',
  'softphone.method.login': 'Ichine-check in ang ahente, handa man o hindi handa.',
  'softphone.method.logout': 'Ichine-check out ang ahente.',
  'softphone.method.setAgentStatus': 'Itinatakda ang status ng ahente.',
  'softphone.method.dialOut': 'Tumatawag sa isang numero ng telepono.',
  'softphone.method.answer': 'Sinasagot ang tawag na nagri-ring.',
  'softphone.method.hangUp': 'Ibinababa ang tawag.',
  'softphone.method.mute': 'Mini-mute ang mikropono sa tawag.',
  'softphone.method.unmute': 'Ina-unmute ang mikropono sa tawag.',
  'softphone.method.pause': 'Inilalagay sa hold ang tawag.',
  'softphone.method.unpause': 'Inaalis sa hold ang tawag.',
  'softphone.method.transferExternal': 'Inililipat ang tawag sa isang panlabas na numero.',
  'softphone.method.setDisplayNumber':
    'Pinipili mula sa listahan ng tenant ang numerong nakikita ng mga tinatawagan ng ahente.',
  'softphone.method.getState': 'Ibinabalik ang kasalukuyang kalagayan at mga tawag ng ahente.',
  'softphone.method.getCallRecords': 'Ibinabalik ang mga pinakahuling tawag ng ahente, simula sa pinakabago.',
  'softphone.method.getColleagues':
    'Ibinabalik ang mga kasamahan sa tenant kasama ang kanilang extension at kasalukuyang status.',
  'softphone.method.monitor': 'Para sa mga supervisor: pakinggan ang tawag ng ahente nang hindi naririnig.',
  'softphone.method.insert': 'Para sa mga supervisor: sumali sa tawag ng ahente at marinig ng magkabilang panig.',
  'softphone.method.stopMonitor': 'Para sa mga supervisor: umalis sa tawag ng ahente.',
  'softphone.method.rtcSignal':
    'Nagpapadala ng WebRTC offer, answer o ICE candidate sa kabilang ahente ng isang panloob na tawag.',

  'softphone.event.loginInfoChange': 'Nag-check in o nag-check out ang ahente.',
  'softphone.event.userInfoChange': 'Nagbago ang mga detalye ng ahente.',
  'softphone.event.checkInFailed': 'Nabigo ang pag-check in. Nasa payload ang dahilan.',
  'softphone.event.agentStatusChange': 'Nagbago ang status ng ahente.',
  'softphone.event.callTypeChange': 'Nalaman na o nagbago ang uri ng tawag: papasok, palabas o panloob.',
  'softphone.event.callStatusChange': 'Nagbago ang status ng tawag: nagri-ring, nag-uusap, naka-hold o tapos na.',
  'softphone.event.callDataChange': 'Nagbago ang mga detalye ng tawag.',
  'softphone.event.aboutToHangUp': 'Malapit nang ibaba ng ahente ang tawag.',
  'softphone.event.afterCallWorkEnded': 'Tapos na ang gawain pagkatapos ng tawag; handa na ulit ang ahente.',
  'softphone.event.externalTransferSuccess': 'Nailipat na ang tawag sa panlabas na numero.',
  'softphone.event.monitorStart': 'Nagsimulang makinig sa tawag ang isang supervisor.',
  'softphone.event.monitorEnd': 'Tumigil nang makinig sa tawag ang supervisor.',
  'softphone.event.insertionStart': 'Sumali sa tawag ang isang supervisor.',
  'softphone.event.displayNumberChange': 'Nagbago ang numerong nakikita ng mga tinatawagan ng ahente.',
  'softphone.event.loginAuthFailed': 'Nabigo ang pagpapatunay sa pag-log in. Nasa payload ang dahilan.',
  'softphone.event.tenantInfoChange':
    'Nagbago ang mga setting ng tenant: mga dahilan ng hindi pagiging handa, mga ipinapakitang numero o oras ng after-call work.',
  'softphone.event.rtcSignal':
    'Nagpadala ang kabilang ahente ng isang panloob na tawag ng WebRTC offer, answer o ICE candidate.',
  'softphone.event.interruptionCancelled':
    'Bumalik ang koneksyon sa tamang oras: kinansela ang pagkaantala ng komunikasyon.',

  'softphone.field.checked_in': 'Kung naka-check in ang ahente.',
  'softphone.field.session': 'Ang ID ng session.',
  'softphone.field.agent': 'Ang ahente: pangalan, extension, tungkulin, status at ipinapakitang numero.',
  'softphone.field.code': 'Ang code ng error.',
  'softphone.field.message': 'Ang mensahe ng error, sa wika ng softphone.',
  'softphone.field.status': 'Ang bagong status ng ahente.',
  'softphone.field.previous': 'Ang dating status.',
  'softphone.field.reason_id': 'Kapag abala: ang dahilan ng hindi pagiging handa.',
  'softphone.field.status_since': 'Kung kailan nagsimula ang status.',
  'softphone.field.acw_until': 'Kapag nasa gawain pagkatapos ng tawag: kung kailan ito kusang matatapos.',
  'softphone.field.call_id': 'Ang ID ng tawag.',
  'softphone.field.call_type': 'Papasok, palabas o panloob.',
  'softphone.field.call_status': 'Nagri-ring, nag-uusap, naka-hold o tapos na.',
  'softphone.field.call': 'Ang tawag: mga numero, uri, status, oras, mute at hold.',
  'softphone.field.number': 'Ang panlabas na numero.',
  'softphone.field.supervisor': 'Ang pangalan ng supervisor.',
  'softphone.field.display_number': 'Ang ipinapakitang numero.',
  'softphone.field.tenant':
    'Ang tenant: pangalan, default na wika, mga dahilan ng hindi pagiging handa, mga ipinapakitang numero at oras ng after-call work.',
  'softphone.field.from': 'Ang ahenteng nagpadala nito.',
  'softphone.field.signal': 'Ang paglalarawan ng session ng WebRTC o ICE candidate.',
  'softphone.field.missed_events': 'Ilang event ang ipinadalang muli pagkatapos ng pagkaantala.',
} satisfies SoftphoneMessages;
