import type { SoftphoneMessages } from './en.js';

export default {
  'softphone.title': 'Softphone',

  'softphone.param.serverUrl': 'Indirizzo del server della piattaforma aperta da cui il softphone carica file e dati.',
  'softphone.param.token':
    'Token di accesso fornito dal servizio Basic. Il softphone lo usa per autenticare la connessione.',
  'softphone.param.mini': 'Mostra il softphone compatto: solo stato e comandi di chiamata.',
  'softphone.param.assistantRobot':
    'Mostra il robot assistente, che suggerisce risposte tratte dalla documentazione. Funziona solo per gli operatori che lo hanno abilitato.',
  'softphone.param.lang':
    'Lingua dell’interfaccia. Lascia vuoto per usare la lingua predefinita del tenant, altrimenti il cinese semplificato.',
  'softphone.param.statusBar':
    'Mostra in alto la barra di stato con lo stato dell’operatore e quello della connessione.',
  'softphone.param.dialPad': 'Mostra il tastierino.',
  'softphone.param.internalCall': 'Consente di chiamare i colleghi tramite il loro interno.',
  'softphone.param.volteVideo': 'Aggiunge il video alle chiamate interne.',
  'softphone.param.visible':
    'Mostra il softphone al caricamento. Nascondilo per lasciarlo in funzione senza che sia visibile.',
  'softphone.param.visibleNow': 'true mostra il telefono, false lo nasconde; nascosto continua a funzionare.',
  'softphone.param.displayNumber': 'Uno dei numeri visualizzati del tenant.',
  'softphone.param.rtcCallId': 'La chiamata interna a cui appartiene il segnale.',
  'softphone.param.page': 'La pagina da aprire: tastierino, registro chiamate, rubrica o robot assistente.',
  'softphone.param.status': 'Lo stato dell’operatore da impostare: libero (pronto) o occupato (non pronto).',
  'softphone.param.reason_id': 'Con “occupato”: il motivo di non disponibilità, scelto dall’elenco del tenant.',
  'softphone.param.number': 'Il numero di telefono da chiamare: cifre, eventualmente precedute da +.',
  'softphone.param.call_id': 'La chiamata su cui agire. Omettilo per la chiamata in corso.',
  'softphone.param.limit': 'Quanti record restituire, al massimo 100.',
  'softphone.param.agent_id': 'L’operatore a cui appartiene la chiamata.',
  'softphone.param.signal': 'La descrizione di sessione WebRTC o il candidato ICE, così come li fornisce il browser.',

  'softphone.method.setPhoneVisible': 'Mostra o nasconde il softphone.',
  'softphone.method.goToPage': 'Apre una pagina del softphone.',
  'softphone.method.login': 'Effettua il check-in dell’operatore, pronto o non pronto.',
  'softphone.method.logout': 'Effettua il check-out dell’operatore.',
  'softphone.method.setAgentStatus': 'Imposta lo stato dell’operatore.',
  'softphone.method.dialOut': 'Chiama un numero di telefono.',
  'softphone.method.answer': 'Risponde alla chiamata che sta squillando.',
  'softphone.method.hangUp': 'Termina la chiamata.',
  'softphone.method.mute': 'Disattiva il microfono durante la chiamata.',
  'softphone.method.unmute': 'Riattiva il microfono durante la chiamata.',
  'softphone.method.pause': 'Mette la chiamata in attesa.',
  'softphone.method.unpause': 'Riprende la chiamata in attesa.',
  'softphone.method.transferExternal': 'Trasferisce la chiamata a un numero esterno.',
  'softphone.method.setDisplayNumber':
    'Sceglie dall’elenco del tenant il numero visualizzato dalle persone chiamate dall’operatore.',
  'softphone.method.getState': 'Restituisce lo stato attuale dell’operatore e le sue chiamate.',
  'softphone.method.getCallRecords': 'Restituisce le ultime chiamate dell’operatore, a partire dalla più recente.',
  'softphone.method.getColleagues': 'Restituisce i colleghi del tenant con il loro interno e lo stato in tempo reale.',
  'softphone.method.monitor': 'Per i supervisori: ascolta la chiamata di un operatore senza essere sentito.',
  'softphone.method.insert':
    'Per i supervisori: interviene nella chiamata di un operatore, sentito da entrambe le parti.',
  'softphone.method.stopMonitor': 'Per i supervisori: lascia la chiamata dell’operatore.',
  'softphone.method.rtcSignal':
    'Invia un’offerta, una risposta o un candidato ICE WebRTC all’altro operatore di una chiamata interna.',

  'softphone.event.loginInfoChange': 'L’operatore ha effettuato il check-in o il check-out.',
  'softphone.event.userInfoChange': 'I dati dell’operatore sono cambiati.',
  'softphone.event.checkInFailed': 'Check-in non riuscito. Il motivo è indicato nei dati dell’evento.',
  'softphone.event.agentStatusChange': 'Lo stato dell’operatore è cambiato.',
  'softphone.event.callTypeChange': 'Il tipo di una chiamata è ora noto o è cambiato: in entrata, in uscita o interna.',
  'softphone.event.callStatusChange':
    'Lo stato di una chiamata è cambiato: squillo, in conversazione, in attesa o terminata.',
  'softphone.event.callDataChange': 'I dati di una chiamata sono cambiati.',
  'softphone.event.aboutToHangUp': 'L’operatore sta per terminare la chiamata.',
  'softphone.event.afterCallWorkEnded': 'Il lavoro post-chiamata è terminato; l’operatore è di nuovo pronto.',
  'softphone.event.externalTransferSuccess': 'La chiamata è stata trasferita al numero esterno.',
  'softphone.event.monitorStart': 'Un supervisore ha iniziato ad ascoltare la chiamata.',
  'softphone.event.monitorEnd': 'Il supervisore ha smesso di ascoltare la chiamata.',
  'softphone.event.insertionStart': 'Un supervisore è intervenuto nella chiamata.',
  'softphone.event.displayNumberChange': 'È cambiato il numero visualizzato dalle persone chiamate dall’operatore.',
  'softphone.event.loginAuthFailed':
    'Autenticazione di accesso non riuscita. Il motivo è indicato nei dati dell’evento.',
  'softphone.event.tenantInfoChange':
    'Le impostazioni del tenant sono cambiate: motivi di non disponibilità, numeri visualizzati o tempo di post-chiamata.',
  'softphone.event.rtcSignal':
    'L’altro operatore di una chiamata interna ha inviato un’offerta, una risposta o un candidato ICE WebRTC.',
  'softphone.event.interruptionCancelled':
    'La connessione è tornata in tempo: interruzione della comunicazione annullata.',

  'softphone.field.checked_in': 'Indica se l’operatore ha effettuato il check-in.',
  'softphone.field.session': 'L’ID della sessione.',
  'softphone.field.agent': 'L’operatore: nome, interno, ruolo, stato e numero visualizzato.',
  'softphone.field.code': 'Il codice di errore.',
  'softphone.field.message': 'Il messaggio di errore, nella lingua del softphone.',
  'softphone.field.status': 'Il nuovo stato dell’operatore.',
  'softphone.field.previous': 'Lo stato precedente.',
  'softphone.field.reason_id': 'Con “occupato”: il motivo di non disponibilità.',
  'softphone.field.status_since': 'Quando è iniziato lo stato.',
  'softphone.field.acw_until': 'Durante il lavoro post-chiamata: quando termina automaticamente.',
  'softphone.field.call_id': 'L’ID della chiamata.',
  'softphone.field.call_type': 'In entrata, in uscita o interna.',
  'softphone.field.call_status': 'Squillo, in conversazione, in attesa o terminata.',
  'softphone.field.call': 'La chiamata: numeri, tipo, stato, orari, microfono disattivato e attesa.',
  'softphone.field.number': 'Il numero esterno.',
  'softphone.field.supervisor': 'Il nome del supervisore.',
  'softphone.field.display_number': 'Il numero visualizzato.',
  'softphone.field.tenant':
    'Il tenant: nome, lingua predefinita, motivi di non disponibilità, numeri visualizzati e tempo di post-chiamata.',
  'softphone.field.from': 'L’operatore che l’ha inviato.',
  'softphone.field.signal': 'La descrizione di sessione WebRTC o il candidato ICE.',
  'softphone.field.missed_events': 'Quanti eventi sono stati inviati di nuovo dopo l’interruzione.',
} satisfies SoftphoneMessages;
