import type { ErrorMessages } from './en.js';

export default {
  'error.badJson': 'Der Anfragetext ist kein gültiges JSON.',
  'error.badUrl': 'Die Adresse dieser Anfrage ist ungültig.',
  'error.missingHost': 'Dieser Anfrage fehlt der Host-Header, den HTTP/1.1 verlangt.',
  'error.badRequest': 'Die Anfrage konnte nicht gelesen werden. Bitte senden Sie sie erneut.',
  'error.crossSiteRequest':
    'Diese Anfrage kam von einer anderen Website und wurde abgelehnt. Öffnen Sie die Seite auf diesem Server und versuchen Sie es erneut.',
  'error.requestTimeout':
    'Die Anfrage kam zu langsam an und wurde abgebrochen. Prüfen Sie Ihre Verbindung und versuchen Sie es erneut.',
  'error.invalidField': 'Die Anfrage enthält ein ungültiges Feld: {{detail}}',
  'error.notLoggedIn': 'Bitte melden Sie sich zuerst an.',
  'error.wrongCredentials': 'Kontoname oder Passwort ist falsch.',
  'error.apiNotFound': 'Unter {{path}} gibt es keine API.',
  'error.notFound': 'Unter {{path}} wurde nichts gefunden.',
  'error.versionNotFound': 'Diese Version existiert nicht. Möglicherweise wurde sie gelöscht.',
  'error.versionNameTaken': 'Eine Version mit diesem Namen existiert bereits.',
  'error.defaultVersionRequired':
    'Eine Version muss die Standardversion bleiben. Legen Sie stattdessen eine andere Version als Standard fest.',
  'error.concurrentUpdate':
    'Jemand anderes hat dies gleichzeitig geändert. Laden Sie die Seite neu und versuchen Sie es erneut.',
  'error.bodyTooLarge': 'Die Anfrage ist zu groß (höchstens {{max}} Byte).',
  'error.unsupportedMediaType': 'Senden Sie die Anfrage als JSON (Content-Type: application/json).',
  'error.tooManyLoginAttempts': 'Zu viele fehlgeschlagene Anmeldeversuche. Versuchen Sie es in {{seconds}} s erneut.',
  'error.diagTransferLimit':
    'Diese Adresse hat ihren Anteil am Bandbreitentest vorerst aufgebraucht. Versuchen Sie es in {{seconds}} s erneut.',
  'error.internal': 'Auf dem Server ist ein Fehler aufgetreten. Bitte versuchen Sie es erneut.',
  'error.databaseUnavailable':
    'Die Datenbank ist im Moment nicht erreichbar. Bitte versuchen Sie es in einigen Sekunden erneut.',
  'error.serverStopping': 'Der Server wird neu gestartet. Bitte versuchen Sie es in ein paar Sekunden erneut.',
  'error.callCentreUnavailable':
    'Das Callcenter wechselt gerade auf einen anderen Server. Bitte versuchen Sie es in ein paar Sekunden erneut.',
  'error.socketMissing': 'Es gibt keine Socket-Instanz. Starten Sie das Telefon zuerst mit init().',
  'error.cannotSend': 'Nachrichten können nicht gesendet werden: Das Telefon ist noch nicht geladen.',
  'error.connectionDown':
    'Die Verbindung ist unterbrochen oder nicht verfügbar. Das Telefon verbindet sich neu; versuchen Sie es gleich noch einmal.',
  'error.sessionEnded':
    'Die Sitzung des Telefons ist beendet (abgemeldet, in einem anderen Tab übernommen oder geschlossen); es nimmt keine Anfragen mehr an. Starten Sie das Telefon neu oder holen Sie den Agenten zurück.',
  'error.phoneNotReady':
    'Das Telefon ist noch nicht angemeldet, daher wurde die Anfrage nicht gesendet. Warten Sie, bis das Telefon bereit ist, und versuchen Sie es erneut.',
  'error.engineTimeout':
    'Das Callcenter hat nicht rechtzeitig geantwortet, das Ergebnis ist unbekannt. Prüfen Sie den Zustand des Telefons und versuchen Sie es dann erneut.',

  'error.ssoTokenInvalid': 'SSO-Signatur konnte nicht abgerufen werden: Das SSO-Public-Key-Token ist ungültig.',
  'error.ssoAccountUnknown':
    'SSO-Signatur konnte nicht abgerufen werden: Kein Agent dieses Mandanten hat dieses Konto.',
  'error.ssoSignatureInvalid':
    'Das Login-Token konnte nicht über den Basic-Dienst abgerufen werden. Die SSO-Signatur ist ungültig oder abgelaufen; fordern Sie eine neue an.',
  'error.ssoSignatureUsed':
    'Das Login-Token konnte nicht über den Basic-Dienst abgerufen werden. Diese SSO-Signatur wurde bereits verwendet; fordern Sie eine neue an.',
  'error.basicLoginFailed':
    'Das Login-Token konnte nicht über den Basic-Dienst abgerufen werden. Prüfen Sie Konto und Passwort.',
  'error.agentDisabled':
    'Das Login-Token konnte nicht über den Basic-Dienst abgerufen werden. Dieses Agentenkonto ist deaktiviert.',
  'error.accountAmbiguous':
    'Diese Personalnummer gibt es in mehreren Mandanten. Melden Sie sich mit Ihrer E-Mail-Adresse an.',
  'error.loginTokenInvalid':
    'Login-Authentifizierung fehlgeschlagen: Das Login-Token ist ungültig. Melden Sie sich erneut an.',
  'error.loginTokenExpired':
    'Login-Authentifizierung fehlgeschlagen: Das Login-Token ist abgelaufen. Melden Sie sich erneut an.',
  'error.loginTokenUsed':
    'Login-Authentifizierung fehlgeschlagen: Dieses Login-Token wurde bereits verwendet. Fordern Sie ein neues an.',
  'error.socketAuthFailed': 'Socket-Authentifizierung fehlgeschlagen.',
  'error.sessionGone':
    'Die Sitzung konnte nicht fortgesetzt werden, weil sie bereits beendet ist. Melden Sie sich erneut an.',
  'error.badFrame': 'Die Nachricht konnte nicht gelesen werden: Sie gehört nicht zum Softphone-Protokoll.',
  'error.unknownMethod': 'Es gibt keine Methode namens „{{method}}“.',
  'error.invalidParams': 'Einige Parameter sind ungültig: {{detail}}',
  'error.checkInNotAllowed': 'Check-in fehlgeschlagen: Dieser Agent darf nicht einchecken.',
  'error.checkInNoExtension':
    'Check-in fehlgeschlagen: Diesem Agenten ist keine Nebenstelle zugewiesen. Bitten Sie einen Administrator, ihm eine zuzuweisen.',
  'error.notCheckedIn': 'Checken Sie zuerst ein.',
  'error.alreadyCheckedIn': 'Der Agent ist bereits eingecheckt.',
  'error.illegalAgentStatus':
    'Während eines Gesprächs kann der Agent nicht auschecken. Beenden Sie zuerst das Gespräch.',
  'error.unknownReason': 'Dieser Nicht-bereit-Grund steht nicht in der Liste des Mandanten.',
  'error.unknownWrapUpCode': 'Dieser Abschlusscode steht nicht in der Liste des Mandanten.',
  'error.frameTooLarge': 'Die Nachricht ist zu groß.',
  'error.tooManyFrames':
    'Zu viele Nachrichten in kurzer Zeit. Die Verbindung wurde getrennt und wird automatisch wiederhergestellt.',
  'error.invalidNumber': 'Diese Rufnummer kann nicht gewählt werden. Prüfen Sie sie und versuchen Sie es erneut.',
  'error.callNotFound': 'Diesen Anruf gibt es nicht mehr.',
  'error.agentInCall': 'Der Agent ist bereits in einem Gespräch.',
  'error.illegalCallState': 'Im aktuellen Zustand des Anrufs ist das nicht möglich.',
  'error.transferFailed': 'Die Vermittlung ist fehlgeschlagen: Die externe Rufnummer hat den Anruf nicht angenommen.',
  'error.trunkTransferUnsupported':
    'Ein Anruf über den SIP-Trunk kann an Kollegen oder die Warteschlange übergeben werden, aber noch nicht an eine externe Rufnummer.',
  'error.extensionUnavailable':
    'Diese Nebenstelle kann gerade keinen Anruf annehmen: Der Kollege ist offline oder im Gespräch, oder die Nebenstelle ist niemandem zugewiesen.',
  'error.internalCallNotAllowed': 'Anrufe bei Kollegen sind auf diesem Softphone deaktiviert.',
  'error.numberBlocked': 'Anrufe an {{number}} sind durch den Wählplan Ihres Callcenters gesperrt.',
  'error.premiumNumberBlocked':
    '{{number}} ist eine Mehrwertdienst- oder Satellitenrufnummer, und der Wählplan Ihres Callcenters lässt keine Anrufe dorthin zu.',
  'error.internationalNotAllowed':
    '{{number}} ist eine Rufnummer im Ausland, und der Wählplan Ihres Callcenters erlaubt Ihnen keine Auslandsanrufe.',
  'error.tenantNotFound': 'Dieser Mandant existiert nicht. Möglicherweise wurde er gelöscht.',
  'error.agentNotFound': 'Dieser Agent existiert nicht. Möglicherweise wurde er gelöscht.',
  'error.agentTaken': 'Dieser Wert wird bereits von einem anderen Agenten verwendet.',
  'error.webhookNotFound': 'Dieser Webhook existiert nicht. Möglicherweise wurde er gelöscht.',
  'error.webhookDeliveryNotFound':
    'Diese Zustellung ist nicht mehr im Protokoll. Ältere Zustellungen werden nach einer Weile entfernt.',
  'error.apiKeyInvalid':
    'Der API-Schlüssel fehlt, ist unbekannt oder wurde widerrufen. Senden Sie ihn als „Authorization: Bearer opk_…“, oder erstellen Sie im CMS einen neuen.',
  'error.apiKeyNotFound': 'Dieser API-Schlüssel existiert nicht. Möglicherweise wurde er bereits widerrufen.',
  'error.apiKeyLimit':
    'Ein Mandant kann höchstens {{max}} API-Schlüssel haben. Widerrufen Sie zuerst einen, den Sie nicht mehr nutzen.',
  'error.eventCursorUnknown':
    'Die Ereignisse nach diesem werden nicht mehr aufbewahrt (Ereignisse werden 30 Tage lang aufbewahrt), oder es ist kein Ereignis dieses Mandanten. Beginnen Sie ohne „after“ neu und holen Sie das Verpasste aus Ihren eigenen Daten nach.',
  'error.eventStreamLimit':
    'Mit diesem API-Schlüssel sind bereits {{max}} Streams geöffnet. Schließen Sie einen, oder verwenden Sie einen anderen Schlüssel.',
  'error.webhookLimit':
    'Ein Mandant kann höchstens {{max}} Webhooks haben. Entfernen Sie zuerst einen, den Sie nicht mehr nutzen.',
  'error.webhookTargetRefused':
    '{{host}} liegt auf diesem Server oder in einem privaten Netz, und dieser Server sendet dorthin keine Ereignisse. Verwenden Sie eine aus dem Internet erreichbare Adresse, oder bitten Sie den Betreiber, private Ziele zuzulassen (WEBHOOK_PRIVATE_TARGETS).',
  'error.agentAccountRequired':
    'Geben Sie dem Agenten zum Anmelden mindestens eine E-Mail-Adresse, eine Personalnummer oder eine Mobilnummer.',

  'error.field.required': '„{{field}}“ ist erforderlich.',
  'error.field.tooLong': '„{{field}}“ darf höchstens {{max}} Zeichen lang sein.',
  'error.field.tooShort': '„{{field}}“ muss mindestens {{min}} Zeichen lang sein.',
  'error.field.tooBig': '„{{field}}“ darf höchstens {{max}} sein.',
  'error.field.tooSmall': '„{{field}}“ muss mindestens {{min}} sein.',
  'error.field.wrongType': '„{{field}}“ hat einen Wert vom falschen Typ.',
  'error.field.unknown': '„{{field}}“ ist kein Feld dieser Anfrage.',
  'error.field.notAllowed': '„{{field}}“ hat einen unzulässigen Wert.',
  'error.field.badCharacter': '„{{field}}“ enthält ein unzulässiges Zeichen.',
  'error.field.tooMany': '„{{field}}“ darf höchstens {{max}} Einträge enthalten.',
  'error.field.emptyKey': '„{{field}}“ enthält einen Eintrag ohne Namen.',
  'error.field.weakPassword':
    '„{{field}}“ ist zu leicht zu erraten: ein verbreitetes oder geleaktes Passwort, wiederholte oder aufeinanderfolgende Zeichen oder ein Wort dieses Dienstes oder Kontos. Ein paar Wörter ohne Zusammenhang ergeben ein starkes Passwort.',
  'error.field.reusedPassword': '„{{field}}“ muss sich vom aktuellen Passwort unterscheiden.',
  'error.demoAgentPasswordRefused':
    'Dieser Agent hat noch das veröffentlichte Demo-Passwort. Es gilt nur auf einem Server, der allein von diesem Rechner aus erreichbar ist. Bitten Sie einen Administrator, im CMS ein neues Passwort festzulegen.',
  'error.resourceNotFound': 'Dieses Dokument existiert nicht oder ist nicht veröffentlicht.',
  'error.accountDisabled': 'Dieses Konto wurde deaktiviert. Bitten Sie einen Administrator, es wieder zu aktivieren.',
  'error.forbidden': 'Ihre Rolle erlaubt diese Aktion nicht. Wenden Sie sich an einen Administrator.',
  'error.passwordChangeRequired': 'Ändern Sie das Demo-Passwort, bevor Sie fortfahren.',
  'error.attachmentNotFound': 'Dieser Anhang existiert nicht. Möglicherweise wurde er gelöscht.',
  'error.accountNotFound': 'Dieses Konto existiert nicht. Möglicherweise wurde es gelöscht.',
  'error.staleRevision':
    'Jemand anderes hat dies gespeichert, nachdem Sie es geöffnet hatten. Vergleichen Sie beide Fassungen, bevor Sie erneut speichern.',
  'error.categoryNotEmpty':
    'Diese Kategorie enthält noch Unterkategorien oder Dokumente. Verschieben oder löschen Sie diese zuerst.',
  'error.illegalStatusChange':
    'Dieser Statuswechsel ist nicht zulässig. Unveröffentlichte oder offline genommene Einträge können veröffentlicht, veröffentlichte offline genommen werden.',
  'error.categoryCycle':
    'Eine Kategorie kann nicht unter sich selbst oder eine ihrer eigenen Unterkategorien verschoben werden.',
  'error.attachmentInUse': 'Ein Dokument verweist noch auf diesen Anhang. Entfernen Sie zuerst den Verweis.',
  'error.accountTaken': 'Ein Konto mit diesem Namen existiert bereits.',
  'error.lastAdmin': 'Dies ist der letzte aktive Administrator. Machen Sie zuerst ein anderes Konto zum Administrator.',
  'error.sortMismatch':
    'Die Liste hat sich während des Sortierens geändert. Laden Sie die Seite neu und versuchen Sie es erneut.',
  'error.attachmentTooLarge': 'Die Datei ist zu groß (höchstens {{max}} MB).',
  'error.unsupportedFileType':
    'Diese Dateiart kann nicht angehängt werden. Verwenden Sie ein Bild oder eine PDF-, Text-, Markdown-, CSV- oder ZIP-Datei.',
  'error.categoryNotFound': 'Diese Kategorie existiert nicht oder ist nicht veröffentlicht.',
  'error.deviceNotFound':
    'Dieses Gerät gibt es in diesem Browser nicht. Möglicherweise wurde es getrennt: Rufen Sie getDevices auf, um die aktuelle Liste zu erhalten.',
  'error.outputSelectionUnsupported':
    'Dieser Browser kann die Audioausgabe nicht auswählen, daher kann nur die Standardausgabe verwendet werden.',
  'error.didTaken':
    'Die Rufnummer {{number}} klingelt bereits bei einem anderen Mandanten. Eine Rufnummer kann nur einen Mandanten erreichen.',
  'error.telephonyNotConfigured':
    'Auf diesem Server sind weder SIP-Socket noch Medien-Relay eingerichtet (SIP_LISTEN und RTPENGINE_NG), daher kann kein Trunk eingeschaltet werden.',
  'error.secretsKeyMissing':
    'Auf diesem Server ist kein Schlüssel eingerichtet, um Passwörter verschlüsselt zu speichern (SECRETS_KEY), daher kann das Passwort des Trunks nicht gespeichert werden.',
  'error.trunkBusy':
    'Alle Leitungen des Telefonanschlusses Ihres Callcenters sind belegt. Versuchen Sie es erneut, wenn ein Gespräch beendet ist.',
  'error.shortNumberIsExtension':
    '{{number}} ist die Nebenstelle eines Agenten. Als Kurznummer im Wählplan würden Anrufe an diese Nummer ins Telefonnetz gehen, statt bei ihm zu klingeln. Entfernen Sie sie aus der Liste oder ändern Sie die Nebenstelle.',
  'error.field.duplicate': '„{{field}}“ wiederholt einen Wert, der bereits in der Liste steht.',
  'error.jsonTooDeep': 'Der Anfragetext verschachtelt Listen und Objekte zu tief (höchstens {{max}} Ebenen).',
  'error.trunkHostForbidden':
    '{{host}} kann nicht der Host eines Trunks sein: Es ist eine Link-Local- oder Cloud-Metadaten-Adresse, nie der SIP-Server eines Netzbetreibers. Geben Sie die Adresse ein, die Ihnen Ihr Netzbetreiber genannt hat.',
} satisfies ErrorMessages;
