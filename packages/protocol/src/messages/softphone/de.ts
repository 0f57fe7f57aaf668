import type { SoftphoneMessages } from './en.js';

export default {
  'softphone.title': 'Softphone',

  'softphone.param.serverUrl': 'Adresse des Open-Platform-Servers, von dem das Softphone seine Dateien und Daten lädt.',
  'softphone.param.token': 'Login-Token vom Basic-Dienst. Damit authentifiziert das Softphone seine Verbindung.',
  'softphone.param.mini': 'Zeigt das kompakte Softphone an: nur Status und Anrufsteuerung.',
  'softphone.param.assistantRobot':
    'Zeigt den Assistenzroboter an, der Antworten aus der Dokumentation vorschlägt. Funktioniert nur für Agenten, bei denen er aktiviert ist.',
  'softphone.param.lang':
    'Sprache der Oberfläche. Leer lassen für die Standardsprache des Mandanten, andernfalls vereinfachtes Chinesisch.',
  'softphone.param.statusBar': 'Zeigt oben die Statusleiste mit Agentenstatus und Verbindungsstatus an.',
  'softphone.param.dialPad': 'Zeigt die Wähltastatur an.',
  'softphone.param.internalCall': 'Erlaubt Anrufe bei Kollegen über ihre Nebenstelle.',
  'softphone.param.volteVideo': 'Ergänzt interne Anrufe um Video.',
  'softphone.param.visible': 'Zeigt das Softphone beim Laden an. Ausgeblendet läuft es unsichtbar weiter.',
  'softphone.param.visibleNow': 'true zeigt das Telefon, false blendet es aus; ausgeblendet läuft es weiter.',
  'softphone.param.displayNumber': 'Eine der angezeigten Rufnummern des Mandanten.',
  'softphone.param.rtcCallId': 'Der interne Anruf, zu dem das Signal gehört.',
  'softphone.param.page': 'Die zu öffnende Seite: Wähltastatur, Anrufliste, Telefonbuch oder Assistenzroboter.',
  'softphone.param.status': 'Der zu setzende Agentenstatus: frei (bereit) oder beschäftigt (nicht bereit).',
  'softphone.param.reason_id': 'Bei „beschäftigt“: der Nicht-bereit-Grund aus der Liste des Mandanten.',
  'softphone.param.number': 'Die anzurufende Rufnummer: Ziffern, optional mit führendem +.',
  'softphone.param.call_id': 'Der betroffene Anruf. Weglassen für den aktuellen Anruf.',
  'softphone.param.limit': 'Wie viele Einträge zurückgegeben werden, höchstens 100.',
  'softphone.param.agent_id': 'Der Agent, dessen Anruf es ist.',
  'softphone.param.signal': 'Die WebRTC-Sitzungsbeschreibung oder der ICE-Kandidat, so wie der Browser sie liefert.',

  'softphone.method.setPhoneVisible': 'Blendet das Softphone ein oder aus.',
  'softphone.method.goToPage': 'Öffnet eine Seite des Softphones.',
  'softphone.method.login': 'Checkt den Agenten ein, bereit oder nicht bereit.',
  'softphone.method.logout': 'Checkt den Agenten aus.',
  'softphone.method.setAgentStatus': 'Setzt den Agentenstatus.',
  'softphone.method.dialOut': 'Ruft eine Rufnummer an.',
  'softphone.method.answer': 'Nimmt den klingelnden Anruf an.',
  'softphone.method.hangUp': 'Beendet den Anruf.',
  'softphone.method.mute': 'Schaltet das Mikrofon im Gespräch stumm.',
  'softphone.method.unmute': 'Hebt die Stummschaltung des Mikrofons im Gespräch auf.',
  'softphone.method.pause': 'Setzt den Anruf auf Halten.',
  'softphone.method.unpause': 'Nimmt den gehaltenen Anruf wieder auf.',
  'softphone.method.transferExternal': 'Vermittelt den Anruf an eine externe Rufnummer.',
  'softphone.method.setDisplayNumber':
    'Wählt aus der Liste des Mandanten die Rufnummer, die den Angerufenen des Agenten angezeigt wird.',
  'softphone.method.getState': 'Liefert den aktuellen Zustand und die Anrufe des Agenten.',
  'softphone.method.getCallRecords': 'Liefert die letzten Anrufe des Agenten, die neuesten zuerst.',
  'softphone.method.getColleagues':
    'Liefert die Kollegen im Mandanten mit ihren Nebenstellen und ihrem aktuellen Status.',
  'softphone.method.monitor': 'Für Supervisoren: hört das Gespräch eines Agenten mit, ohne gehört zu werden.',
  'softphone.method.insert':
    'Für Supervisoren: schaltet sich in das Gespräch eines Agenten ein und ist für beide Seiten hörbar.',
  'softphone.method.stopMonitor': 'Für Supervisoren: verlässt das Gespräch des Agenten.',
  'softphone.method.rtcSignal':
    'Sendet ein WebRTC-Offer, eine WebRTC-Answer oder einen ICE-Kandidaten an den anderen Agenten eines internen Anrufs.',

  'softphone.event.loginInfoChange': 'Der Agent hat ein- oder ausgecheckt.',
  'softphone.event.userInfoChange': 'Die Angaben zum Agenten haben sich geändert.',
  'softphone.event.checkInFailed': 'Check-in fehlgeschlagen. Der Grund steht in den Nutzdaten.',
  'softphone.event.agentStatusChange': 'Der Agentenstatus hat sich geändert.',
  'softphone.event.callTypeChange':
    'Der Typ eines Anrufs ist jetzt bekannt oder hat sich geändert: eingehend, ausgehend oder intern.',
  'softphone.event.callStatusChange':
    'Der Status eines Anrufs hat sich geändert: klingelt, im Gespräch, gehalten oder beendet.',
  'softphone.event.callDataChange': 'Die Angaben zu einem Anruf haben sich geändert.',
  'softphone.event.aboutToHangUp': 'Der Agent beendet gleich den Anruf.',
  'softphone.event.afterCallWorkEnded': 'Die Nachbearbeitung ist beendet; der Agent ist wieder bereit.',
  'softphone.event.externalTransferSuccess': 'Der Anruf wurde an die externe Rufnummer vermittelt.',
  'softphone.event.monitorStart': 'Ein Supervisor hört das Gespräch jetzt mit.',
  'softphone.event.monitorEnd': 'Der Supervisor hört das Gespräch nicht mehr mit.',
  'softphone.event.insertionStart': 'Ein Supervisor hat sich in das Gespräch eingeschaltet.',
  'softphone.event.displayNumberChange':
    'Die Rufnummer, die den Angerufenen des Agenten angezeigt wird, hat sich geändert.',
  'softphone.event.loginAuthFailed': 'Login-Authentifizierung fehlgeschlagen. Der Grund steht in den Nutzdaten.',
  'softphone.event.tenantInfoChange':
    'Die Einstellungen des Mandanten haben sich geändert: Abwesenheitsgründe, angezeigte Rufnummern oder Nachbearbeitungszeit.',
  'softphone.event.rtcSignal':
    'Der andere Agent eines internen Anrufs hat ein WebRTC-Offer, eine WebRTC-Answer oder einen ICE-Kandidaten gesendet.',
  'softphone.event.interruptionCancelled':
    'Die Verbindung kam rechtzeitig zurück: Kommunikationsunterbrechung aufgehoben.',

  'softphone.field.checked_in': 'Ob der Agent eingecheckt ist.',
  'softphone.field.session': 'Die ID der Sitzung.',
  'softphone.field.agent': 'Der Agent: Name, Nebenstelle, Rolle, Status und angezeigte Rufnummer.',
  'softphone.field.code': 'Der Fehlercode.',
  'softphone.field.message': 'Die Fehlermeldung in der Sprache des Softphones.',
  'softphone.field.status': 'Der neue Agentenstatus.',
  'softphone.field.previous': 'Der vorherige Status.',
  'softphone.field.reason_id': 'Bei „beschäftigt“: der Nicht-bereit-Grund.',
  'softphone.field.status_since': 'Seit wann der Status gilt.',
  'softphone.field.acw_until': 'Bei Nachbearbeitung: wann sie automatisch endet.',
  'softphone.field.call_id': 'Die ID des Anrufs.',
  'softphone.field.call_type': 'Eingehend, ausgehend oder intern.',
  'softphone.field.call_status': 'Klingelt, im Gespräch, gehalten oder beendet.',
  'softphone.field.call': 'Der Anruf: Rufnummern, Typ, Status, Zeiten, Stummschaltung und Halten.',
  'softphone.field.number': 'Die externe Rufnummer.',
  'softphone.field.supervisor': 'Der Name des Supervisors.',
  'softphone.field.display_number': 'Die angezeigte Rufnummer.',
  'softphone.field.tenant':
    'Der Mandant: Name, Standardsprache, Abwesenheitsgründe, angezeigte Rufnummern und Nachbearbeitungszeit.',
  'softphone.field.from': 'Der Agent, der es gesendet hat.',
  'softphone.field.signal': 'Die WebRTC-Sitzungsbeschreibung oder der ICE-Kandidat.',
  'softphone.field.missed_events': 'Wie viele Ereignisse nach der Unterbrechung erneut gesendet wurden.',
} satisfies SoftphoneMessages;
