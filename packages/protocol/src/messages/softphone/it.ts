import type { SoftphoneMessages } from './en.js';

export default {
  'softphone.title': 'Softphone',

  'softphone.param.serverUrl': 'Indirizzo del server della piattaforma aperta da cui il softphone carica file e dati.',
  'softphone.param.token':
    'Token di accesso fornito dal servizio Basic. Il softphone lo usa per autenticare la connessione.',
  'softphone.param.nextToken':
    'Un nuovo token di accesso per lo stesso operatore, fornito dal servizio Basic (basic/get_login_token o basic/refresh_login_token).',
  'softphone.param.mini': 'Mostra il softphone compatto: solo stato e comandi di chiamata.',
  'softphone.param.assistantRobot':
    'Mostra il robot assistente, che suggerisce risposte tratte dalla documentazione. Funziona solo per gli operatori che lo hanno abilitato.',
  'softphone.param.lang':
    'Lingua dell’interfaccia: uno dei 19 codici di lingua elencati. Omettila per usare la lingua predefinita del tenant, altrimenti il cinese semplificato.',
  'softphone.param.statusBar':
    'Mostra in alto la barra di stato con lo stato dell’operatore e quello della connessione.',
  'softphone.param.dialPad': 'Mostra il tastierino.',
  'softphone.param.internalCall': 'Consente di chiamare i colleghi tramite il loro interno.',
  'softphone.param.volteVideo': 'Aggiunge il video alle chiamate interne.',
  'softphone.param.visible':
    'Mostra il softphone al caricamento. Nascondilo per lasciarlo in funzione senza che sia visibile.',
  'softphone.param.ringtone': 'Squilla quando arriva una chiamata: con il tono integrato o con il file di ringtoneUrl.',
  'softphone.param.ringtoneUrl':
    'Indirizzo web di un file audio riprodotto in loop al posto del tono integrato. Se non si riesce a caricarlo, suona il tono integrato.',
  'softphone.param.notifications':
    'Mostra una notifica del browser per una chiamata in arrivo mentre la pagina è in background. Il permesso viene chiesto una sola volta, al primo clic nella pagina; il telefono funziona anche senza.',
  'softphone.param.logLevel':
    'Che cosa scrive l’SDK nella console del browser: silent, error, warn (predefinito), info o debug. Qualunque sia il livello, le ultime 500 voci restano disponibili per phone.exportLog(), da allegare a una richiesta di assistenza.',
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
  'softphone.param.rtcTo':
    'L’agente a cui è destinato il segnale: se omesso, l’altro agente della chiamata; il telefono di un supervisore e gli agenti che ascolta si indicano a vicenda.',
  'softphone.param.attachedData':
    'Dati associati per lo screen pop: fino a 20 chiavi di massimo 64 caratteri, ciascuna con un testo di massimo 1024 caratteri. Accompagnano la chiamata e i suoi trasferimenti e vengono conservati nel registro chiamate.',
  'softphone.param.internal':
    'Indica se il numero può essere l’interno di un collega; il softphone passa false quando è stato avviato con internalCall: false.',
  'softphone.param.extension': 'L’interno del collega da consultare.',
  'softphone.param.digits': 'Le cifre DTMF da inviare: 0-9, * e #, massimo 32.',

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
  'softphone.method.transferExternal':
    'Trasferisce la chiamata: a un numero esterno oppure, con un trasferimento cieco, all’interno di un collega che indichi tu. Se nessuno risponde a un trasferimento cieco, la chiamata torna a te (una chiamata in entrata torna in coda).',
  'softphone.method.consultTransfer':
    'Trasferimento assistito: mette il chiamante in attesa e chiama il collega a questo interno, così puoi parlargli prima. Poi completeTransfer o cancelTransfer.',
  'softphone.method.completeTransfer':
    'Completa un trasferimento assistito: il chiamante parla con il collega e tu esci dalla chiamata.',
  'softphone.method.cancelTransfer':
    'Annulla un trasferimento assistito: la chiamata con il collega termina e il chiamante resta in attesa con te.',
  'softphone.method.transferToQueue': 'Rimette il chiamante nella coda del tenant, per il prossimo operatore pronto.',
  'softphone.method.sendDtmf':
    'Invia cifre DTMF (0-9, * e #) durante una chiamata, ad esempio per rispondere a un menu telefonico.',
  'softphone.method.setCallData':
    'Modifica i dati allegati di una chiamata a cui partecipi. Ogni agente della chiamata riceve callDataChange e il registro della chiamata conserva i dati con cui termina.',
  'softphone.param.callData':
    'I dati allegati da impostare: chiavi con i loro testi, come in dialOut. Una volta uniti, la chiamata ha al massimo 20 chiavi.',
  'softphone.param.replace':
    'true sostituisce tutti i dati allegati della chiamata con data; false (predefinito) cambia solo le chiavi indicate e mantiene le altre.',
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
  'softphone.method.updateToken':
    'Fornisce al telefono il suo prossimo token di accesso, quando tokenWillExpire lo richiede. Il server verifica che il token appartenga allo stesso operatore e non sia scaduto. La sessione prosegue in ogni caso; il telefono conserva il token per ciò che ne richiede uno valido, come riprendere l’operatore da un’altra scheda.',

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
  'softphone.event.wrapUpChange':
    'L’operatore ha esitato una chiamata (setWrapUp). Un secondo esito della stessa chiamata sostituisce il primo.',
  'softphone.method.setWrapUp':
    'Registra com’è andata una chiamata: un codice esito dall’elenco del tenant, con una nota facoltativa. Vale per la chiamata a cui partecipi o per l’ultima che hai terminato (di solito durante il post-chiamata). Il registro della chiamata lo conserva e il back-end riceve wrapUpChange.',
  'softphone.param.code_id': 'L’ID del codice esito, preso da wrap_up_codes nelle informazioni del tenant.',
  'softphone.param.wrapUpNote': 'Una nota per il registro della chiamata, al massimo 500 caratteri.',
  'softphone.param.wrapUpCallId':
    'La chiamata da esitare: una a cui partecipi o l’ultima che hai terminato. Se omesso: la chiamata in corso, altrimenti l’ultima.',
  'softphone.shape.WrapUpCode': 'Un codice esito dall’elenco del tenant.',
  'softphone.shape.WrapUp': 'L’esito di una chiamata registrato da un operatore.',
  'softphone.shape.WrapUpResult': 'La chiamata esitata e il suo esito.',
  'softphone.field.wrapUpCodeId': 'L’ID del codice, che setWrapUp riceve come code_id.',
  'softphone.field.wrapUpCodeName':
    'Il codice come lo vedono gli operatori; in un esito, il suo nome al momento della scelta.',
  'softphone.field.wrapUpNote': 'La nota dell’operatore; null se non c’è.',
  'softphone.field.code_id': 'L’ID del codice esito.',
  'softphone.field.set_at': 'Quando è stato scelto l’esito.',
  'softphone.field.wrap_up_codes':
    'I codici esito tra cui gli operatori scelgono dopo una chiamata; vuoto se il tenant non ne usa.',
  'softphone.field.wrap_up': 'L’esito della chiamata registrato dall’operatore; null finché non ne sceglie uno.',
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
  'softphone.event.callMissed':
    'Una chiamata ha squillato su questo softphone senza ricevere risposta qui (ha squillato a vuoto o il chiamante ha rinunciato).',
  'softphone.event.transferOutcome':
    'Che fine ha fatto una chiamata che hai trasferito: risposta, rimessa in coda, tornata a te o terminata.',
  'softphone.event.dtmfReceived': 'L’interlocutore ha inviato cifre DTMF durante la chiamata.',
  'softphone.event.interruptionCancelled':
    'La connessione è tornata in tempo: interruzione della comunicazione annullata.',
  'softphone.event.connectionLost':
    'La connessione del telefono al server si è interrotta. Il telefono si riconnette da solo e il server conserva la sessione, lo stato dell’operatore e le chiamate per grace_ms. Finché la connessione non torna, i metodi vengono rifiutati con connectionDown. Si attiva anche quando il telefono non riesce a raggiungere il server al primo accesso (active_calls e grace_ms sono allora 0): ready viene rifiutato con connectionDown e il telefono continua a riprovare.',
  'softphone.event.reconnecting':
    'Il telefono proverà a riconnettersi tra delay_ms (al massimo 5 secondi). Riprova subito quando il browser torna online o la pagina torna visibile.',
  'softphone.event.connectionRestored':
    'La connessione è tornata entro il periodo di tolleranza e la sessione è ripresa. Seguono gli eventi persi nel frattempo, poi interruptionCancelled. Dopo un primo accesso che non ha potuto raggiungere il server, significa che il telefono alla fine ha effettuato l’accesso.',
  'softphone.event.sessionEnded':
    'La sessione è terminata e il telefono si è fermato: disconnesso dopo il periodo di tolleranza, operatore disattivato, token rifiutato o destroy() chiamato dalla pagina. Tranne dopo destroy(), le chiamate in corso terminano prima (callStatusChange con ended). Poi i metodi vengono rifiutati subito; riavvia il telefono con un nuovo token.',
  'softphone.event.takenOver':
    'L’operatore ha effettuato l’accesso in un’altra scheda o su un altro dispositivo, che ora ha il telefono e le chiamate. Questo telefono si è fermato e rifiuta subito i metodi finché l’operatore non lo riprende qui.',
  'softphone.event.takenBack':
    'Questo telefono ha ripreso l’operatore dall’altra scheda o dispositivo (Usa qui) e funziona di nuovo. I dati dell’evento sono lo stato dell’operatore.',
  'softphone.event.tokenWillExpire':
    'Il token di accesso del telefono scade a breve (tre minuti prima o, per un token di durata più breve, un quarto della sua durata prima). Ottieni un nuovo token dal tuo back-end e passalo a updateToken; l’evento viene emesso di nuovo per ogni nuovo token.',

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
  'softphone.field.from':
    'Chi l’ha inviato: l’ID operatore del collega, oppure network per l’interlocutore di una chiamata esterna.',
  'softphone.field.caller': 'Chi ha chiamato: un numero di telefono o l’interno di un collega.',
  'softphone.field.reason': 'Il motivo.',
  'softphone.field.kind':
    'Il tipo di trasferimento: cieco, assistito, tramite coda o restituito all’operatore che l’aveva trasferito.',
  'softphone.field.outcome': 'Che cosa è successo.',
  'softphone.field.digits': 'Le cifre DTMF.',
  'softphone.field.signal': 'La descrizione di sessione WebRTC o il candidato ICE.',
  'softphone.field.missed_events': 'Quanti eventi sono stati inviati di nuovo dopo l’interruzione.',
  'softphone.shape.AgentState':
    'L’operatore come lo conosce il softphone: chi è, il suo stato e il suo numero visualizzato.',
  'softphone.shape.PhoneState':
    'Lo stato dell’operatore (tutti i campi di AgentState) con le chiamate del suo softphone.',
  'softphone.shape.TenantInfo': 'Ciò che il softphone sa del tenant dell’operatore.',
  'softphone.shape.NotReadyReason': 'Un motivo che un operatore può indicare quando non è pronto.',
  'softphone.shape.Call': 'Una chiamata come la vede il softphone di questo operatore.',
  'softphone.shape.CallPeer': 'L’altro operatore di una chiamata interna.',
  'softphone.shape.CallSupervisor': 'Un supervisore che ascolta la chiamata o vi è entrato.',
  'softphone.shape.CallTransfer': 'Chi ha passato la chiamata a questo operatore, e come.',
  'softphone.shape.Colleague': 'Un collega del tenant, con il suo stato in tempo reale.',
  'softphone.shape.ColleagueCall': 'La chiamata in cui si trova un collega.',
  'softphone.shape.ColleagueList': 'I colleghi del tenant.',
  'softphone.shape.CallRecord': 'Una chiamata terminata, come la conserva il registro chiamate dell’operatore.',
  'softphone.shape.CallRecordList': 'Le ultime voci del registro chiamate dell’operatore.',
  'softphone.shape.CallRef': 'La chiamata su cui ha agito il metodo.',
  'softphone.shape.TransferResult': 'La chiamata passata, e verso dove.',
  'softphone.shape.DtmfResult': 'Le cifre inviate, e la chiamata in cui sono state inviate.',
  'softphone.shape.PhoneVisibility': 'Indica se il softphone è visibile ora.',
  'softphone.shape.TokenState':
    'Il token di accesso che il telefono ha ora: quando scade e quando il telefono chiederà il successivo.',
  'softphone.shape.EmptyResult': 'Un oggetto vuoto: il metodo non ha altro da riferire oltre all’esito positivo.',
  'softphone.shape.WebRtcSignal':
    'Un segnale WebRTC tra i due softphone di una chiamata interna: una descrizione di sessione (offer o answer) o un candidato ICE.',
  'softphone.shape.IceCandidate': 'Un candidato ICE, come lo restituisce RTCIceCandidate.toJSON().',
  'softphone.field.agent_id': 'L’ID dell’operatore.',
  'softphone.field.tenant_id': 'L’ID del tenant.',
  'softphone.field.agentName': 'Il nome dell’operatore.',
  'softphone.field.extension': 'L’interno dell’operatore, oppure null se non ne ha uno.',
  'softphone.field.role':
    'Il ruolo: agent, oppure supervisor (che può ascoltare le chiamate dei colleghi ed entrarvi).',
  'softphone.field.assistant_robot': 'Indica se l’operatore può usare il robot assistente.',
  'softphone.field.agentStatus':
    'Lo stato dell’operatore: offline (fuori servizio), idle (pronto), busy (non pronto) o acw (lavoro post-chiamata).',
  'softphone.field.calls': 'Le chiamate del softphone dell’operatore: che squillano, in corso o in attesa.',
  'softphone.field.tenantName': 'Il nome del tenant.',
  'softphone.field.default_lang': 'La lingua predefinita dell’interfaccia del tenant, per esempio zh-CN.',
  'softphone.field.not_ready_reasons': 'I motivi che un operatore può scegliere quando non è pronto.',
  'softphone.field.display_numbers': 'I numeri che gli operatori possono mostrare alle persone che chiamano.',
  'softphone.field.acw_seconds': 'Quanto dura il lavoro post-chiamata, in secondi.',
  'softphone.field.notReadyReasonId': 'L’ID del motivo, che setAgentStatus riceve come reason_id.',
  'softphone.field.reasonName': 'Il motivo come lo vedono gli operatori.',
  'softphone.field.callee': 'Chi è stato chiamato: un numero di telefono o l’interno di un collega.',
  'softphone.field.callDisplayNumber':
    'Il numero mostrato all’altra parte, oppure null se non ne viene mostrato nessuno.',
  'softphone.field.created_at': 'Quando è iniziata la chiamata (ISO 8601).',
  'softphone.field.answered_at':
    'Quando è stata risposta la chiamata (ISO 8601), oppure null se non ha avuto risposta.',
  'softphone.field.ended_at': 'Quando è terminata la chiamata (ISO 8601), oppure null finché è in corso.',
  'softphone.field.callOutcome':
    'Come è terminata la chiamata: completed, busy, noAnswer, rejected, cancelled, abandoned, transferred, agentLost o failed (il trunk non è riuscito a effettuarla, oppure è terminata senza che nessuno riagganciasse: end_reason ne indica il motivo). Null finché una chiamata è in corso.',
  'softphone.field.callEndReason':
    'Perché è terminata una chiamata che nessuno ha chiuso: mediaLost (il relay multimediale ha perso l’audio), farEndSilent (dall’altra parte non è arrivato audio per tutto il tempo limite del trunk) o farEndGone (la rete dell’altra parte non riconosceva più la chiamata). Null per tutte le altre chiamate.',
  'softphone.field.muted': 'Indica se il microfono di questo operatore è disattivato nella chiamata.',
  'softphone.field.held': 'Indica se la chiamata è in attesa.',
  'softphone.field.peer': 'L’altro operatore di una chiamata interna; null per le altre chiamate.',
  'softphone.field.supervisors': 'I supervisori che ascoltano la chiamata o vi sono entrati.',
  'softphone.field.attached_data':
    'I dati associati alla chiamata per lo screen pop: chiavi e valori di testo, forniti quando la chiamata è stata effettuata.',
  'softphone.field.transfer': 'Chi ha passato la chiamata a questo operatore, e come; null se nessuno l’ha fatto.',
  'softphone.field.consult_of':
    'In una chiamata di consultazione: l’ID della chiamata il cui chiamante aspetta in attesa; altrimenti null.',
  'softphone.field.trunk':
    'Il trunk SIP della chiamata, ad esempio sip:sip.carrier.example:5060;transport=udp (la voce passa dal relay multimediale del server); null sulla rete simulata e tra operatori.',
  'softphone.field.connecting':
    'true per l’operatore che ha risposto a una chiamata arrivata da un trunk SIP, mentre il chiamante viene collegato: la chiamata resta ringing finché l’operatore telefonico non riceve la risposta, poi diventa talking una frazione di secondo dopo. false altrimenti.',
  'softphone.field.mode':
    'monitor (ascolta senza essere sentito) o insert (è entrato nella chiamata, sentito da entrambe le parti).',
  'softphone.field.from_agent_id': 'L’ID dell’operatore che ha passato la chiamata.',
  'softphone.field.from_name': 'Il nome dell’operatore che ha passato la chiamata.',
  'softphone.field.from_extension': 'L’interno dell’operatore che ha passato la chiamata, oppure null.',
  'softphone.field.in_call': 'Indica se il collega è in chiamata.',
  'softphone.field.colleagueCall': 'La chiamata in cui si trova il collega, oppure null.',
  'softphone.field.colleagueList': 'Gli altri operatori del tenant, ordinati per interno.',
  'softphone.field.recordEndedAt': 'Quando è terminata la chiamata (ISO 8601).',
  'softphone.field.duration_seconds':
    'La durata della conversazione in secondi, dalla risposta alla fine; 0 se la chiamata non ha avuto risposta.',
  'softphone.field.recordList': 'Le chiamate, a partire dalla più recente.',
  'softphone.field.transferNumber': 'Il numero o l’interno a cui è stata passata la chiamata.',
  'softphone.field.visible': 'Indica se il softphone è visibile.',
  'softphone.field.signalEpoch':
    'La generazione della connessione a cui appartiene il segnale, scelta dal telefono che l’ha offerta: un telefono che prende una chiamata da un’altra scheda ne offre una nuova, e i segnali di una precedente vengono ignorati.',
  'softphone.field.signalType':
    'offer o answer (una descrizione di sessione), oppure candidate (un candidato ICE). offerRequest arriva dal relay multimediale su una chiamata entrata senza descrizione di sessione: è il telefono a fare l’offerta.',
  'softphone.field.sdp': 'Con offer e answer: la descrizione di sessione (SDP).',
  'softphone.field.candidate': 'Con candidate: il candidato ICE.',
  'softphone.field.candidateLine': 'La riga SDP del candidato, che inizia con candidate:.',
  'softphone.field.sdpMid': 'Il tag di identificazione della sezione multimediale del candidato.',
  'softphone.field.sdpMLineIndex': 'L’indice della sezione multimediale del candidato nella descrizione di sessione.',
  'softphone.field.usernameFragment': 'Il frammento del nome utente ICE.',
  'softphone.field.at': 'Quando è successo (ISO 8601).',
  'softphone.field.active_calls':
    'Quante chiamate erano in corso; il server le conserva durante il periodo di tolleranza.',
  'softphone.field.grace_ms':
    'Per quanto tempo il server conserva la sessione in attesa del telefono, in millisecondi.',
  'softphone.field.attempt': 'Il tentativo di riconnessione, contato da 1.',
  'softphone.field.delay_ms': 'Il tempo fino a questo tentativo, in millisecondi.',
  'softphone.field.offline_ms': 'Per quanto tempo la connessione è rimasta interrotta, in millisecondi.',
  'softphone.field.token_expires_at': 'Quando scade il token di accesso (ISO 8601).',
  'softphone.field.refresh_at': 'Quando il telefono emette tokenWillExpire per questo token (ISO 8601).',
  'softphone.field.seconds_left': 'Secondi rimanenti alla scadenza del token.',
  'softphone.field.endReason':
    'Perché la sessione è terminata: signedOut (assente più a lungo del periodo di tolleranza), serverRestarted (il server è stato riavviato senza conservarla), disabled (l’operatore è stato disattivato), tokenRefused (il token o la sessione sono stati rifiutati), destroyed (la pagina ha chiamato destroy()).',

  'softphone.ui.loading': 'Avvio del softphone…',
  'softphone.ui.agentStatus.offline': 'Check-out effettuato',
  'softphone.ui.agentStatus.idle': 'Pronto',
  'softphone.ui.agentStatus.busy': 'Non pronto',
  'softphone.ui.agentStatus.acw': 'Post-chiamata',
  'softphone.ui.onCall': 'In chiamata',
  'softphone.ui.socket.connecting': 'Connessione non ancora stabilita',
  'softphone.ui.socket.open': 'Connesso',
  'softphone.ui.socket.closing': 'Chiusura della connessione',
  'softphone.ui.socket.closed': 'Disconnesso',
  'softphone.ui.socket.reconnecting': 'Connessione persa. Riconnessione in corso (tentativo {{attempt}})…',
  'softphone.ui.checkIn': 'Effettua il check-in',
  'softphone.ui.checkOut': 'Effettua il check-out',
  'softphone.ui.setReady': 'Imposta come pronto',
  'softphone.ui.notReadyReason': 'Motivo di non disponibilità',
  'softphone.ui.displayNumber': 'Numero mostrato ai chiamati',
  'softphone.ui.numberPlaceholder': 'Numero di telefono o interno',
  'softphone.ui.dial': 'Chiama',
  'softphone.ui.backspace': 'Cancella l’ultima cifra',
  'softphone.ui.callType.inbound': 'Chiamata in entrata',
  'softphone.ui.callType.outbound': 'Chiamata in uscita',
  'softphone.ui.callType.internal': 'Chiamata interna',
  'softphone.ui.callStatus.ringing': 'Squilla',
  'softphone.ui.callStatus.talking': 'In conversazione',
  'softphone.ui.callStatus.held': 'In attesa',
  'softphone.ui.callStatus.ended': 'Chiamata terminata',
  'softphone.ui.answer': 'Rispondi',
  'softphone.ui.reject': 'Rifiuta',
  'softphone.ui.hangUp': 'Riaggancia',
  'softphone.ui.mute': 'Disattiva microfono',
  'softphone.ui.unmute': 'Riattiva microfono',
  'softphone.ui.hold': 'Metti in attesa',
  'softphone.ui.resume': 'Riprendi',
  'softphone.ui.transfer': 'Trasferisci',
  'softphone.ui.transferTo': 'Trasferisci a (numero o interno)',
  'softphone.ui.transferConfirm': 'Trasferisci ora',
  'softphone.ui.cancel': 'Annulla',
  'softphone.ui.numberOnlyPlaceholder': 'Numero di telefono',
  'softphone.ui.key.star': 'Asterisco',
  'softphone.ui.key.hash': 'Cancelletto',
  'softphone.ui.key.zeroPlus': '0 (tieni premuto per +)',
  'softphone.ui.keypad': 'Tastierino',
  'softphone.ui.dtmf.sent': 'Toni inviati',
  'softphone.ui.dtmf.hint': 'Tocca o digita 0-9, * o # per inviare toni',
  'softphone.ui.dtmf.received': 'Toni ricevuti: {{digits}}',
  'softphone.ui.transferKind': 'Come trasferire',
  'softphone.ui.transferKind.blind': 'Trasferisci subito',
  'softphone.ui.transferKind.consult': 'Consulta prima',
  'softphone.ui.transferKind.queue': 'Rimetti in coda',
  'softphone.ui.transferToNumber': 'Trasferisci a (numero di telefono)',
  'softphone.ui.consultWith': 'Interno del collega',
  'softphone.ui.consultConfirm': 'Chiama per consultarti',
  'softphone.ui.queueConfirm': 'Rimetti in coda',
  'softphone.ui.queueHint': 'Il chiamante attende in testa alla coda il prossimo collega disponibile.',
  'softphone.ui.transferPick': 'Scegli un collega',
  'softphone.ui.consultCall': 'Consultazione',
  'softphone.ui.callerWaiting': 'In attesa mentre ti consulti con {{name}}',
  'softphone.ui.completeTransfer': 'Completa il trasferimento',
  'softphone.ui.cancelTransfer': 'Annulla il trasferimento',
  'softphone.ui.transferredBy': 'Trasferita da {{name}}',
  'softphone.ui.transferredAfterConsult': 'Trasferita da {{name}} dopo una consultazione',
  'softphone.ui.consultRequest': '{{name}} vuole trasferirti un chiamante',
  'softphone.ui.fromQueue': 'Dalla coda, rimessa da {{name}}',
  'softphone.ui.returnedBy': 'Tornata indietro: {{name}} non ha risposto',
  'softphone.ui.attachedData': 'Dettagli della chiamata',
  'softphone.ui.transferNotice.sent': 'Chiamata trasferita a {{number}}.',
  'softphone.ui.transferNotice.answered': '{{number}} ha risposto alla chiamata trasferita.',
  'softphone.ui.transferNotice.queued': 'Nessuno ha risposto al {{number}}: il chiamante è di nuovo in coda.',
  'softphone.ui.transferNotice.returned': 'Nessuno ha risposto al {{number}}: la chiamata torna a te.',
  'softphone.ui.transferNotice.ended': 'Il chiamante ha riagganciato prima che {{number}} rispondesse.',
  'softphone.ui.transferNotice.queueAnswered': 'Un collega ha preso la chiamata dalla coda.',
  'softphone.ui.transferNotice.queueEnded': 'Il chiamante ha riagganciato mentre era in coda.',
  'softphone.ui.missed.title': 'Chiamate perse ({{total}})',
  'softphone.ui.missed.badge': 'Chiamate perse: {{total}}',
  'softphone.ui.missed.noAnswer': 'Senza risposta',
  'softphone.ui.missed.cancelled': 'Il chiamante ha riagganciato',
  'softphone.ui.missed.clear': 'Svuota l’elenco',
  'softphone.ui.unavailable.offline': 'Quel collega è disconnesso e non può rispondere.',
  'softphone.ui.unavailable.busy': 'Quel collega è in un’altra chiamata.',
  'softphone.ui.unavailable.unknown': 'Nessun collega ha questo interno.',
  'softphone.ui.unavailable.unreachable':
    'Il telefono di quel collega ha perso la connessione. Riprova tra un momento.',
  'softphone.ui.monitoredBy': '{{name}} sta ascoltando questa chiamata',
  'softphone.ui.insertedBy': '{{name}} partecipa ora a questa chiamata',
  'softphone.ui.acwLeft': 'Post-chiamata: {{seconds}} sec rimanenti',
  'softphone.ui.endAcw': 'Termina il post-chiamata',
  'softphone.ui.wrapUp.code': 'Esito',
  'softphone.ui.wrapUp.choose': 'Scegli un esito',
  'softphone.ui.wrapUp.note': 'Nota',
  'softphone.ui.wrapUp.notePlaceholder': 'Facoltativa',
  'softphone.ui.wrapUp.save': 'Salva',
  'softphone.ui.wrapUp.saved': 'Salvato: {{name}}',
  'softphone.ui.records.wrapUp': 'Esito: {{name}}',
  'softphone.ui.page.dialpad': 'Tastierino',
  'softphone.ui.page.records': 'Chiamate recenti',
  'softphone.ui.page.directory': 'Colleghi',
  'softphone.ui.page.robot': 'Assistente',
  'softphone.ui.records.empty': 'Ancora nessuna chiamata.',
  'softphone.ui.records.duration': '{{seconds}} sec',
  'softphone.ui.outcome.completed': 'Completata',
  'softphone.ui.outcome.busy': 'Occupato',
  'softphone.ui.outcome.noAnswer': 'Nessuna risposta',
  'softphone.ui.outcome.rejected': 'Rifiutata',
  'softphone.ui.outcome.cancelled': 'Annullata',
  'softphone.ui.outcome.abandoned': 'Il chiamante ha riagganciato',
  'softphone.ui.outcome.transferred': 'Trasferita',
  'softphone.ui.outcome.agentLost': 'Connessione persa',
  'softphone.ui.outcome.failed': 'Non effettuata',
  'softphone.ui.endReason.mediaLost': 'Audio perso',
  'softphone.ui.endReason.farEndSilent': 'Silenzio dall’altra parte',
  'softphone.ui.callEnded.mediaLost':
    'L’audio della chiamata si è interrotto, quindi la chiamata è stata chiusa. Richiama se devi ancora parlare.',
  'softphone.ui.callEnded.farEndSilent':
    'Dall’altra parte non è arrivato audio per troppo tempo, quindi la chiamata è stata chiusa. Richiama se devi ancora parlare.',
  'softphone.ui.endReason.farEndGone': 'Chiamata caduta dall’altra parte',
  'softphone.ui.callEnded.farEndGone':
    'La rete dell’altra parte non riconosceva più la chiamata, quindi è stata chiusa. Richiama se devi ancora parlare.',
  'softphone.ui.directory.empty': 'Nessun collega in questo tenant.',
  'softphone.ui.directory.call': 'Chiama {{name}}',
  'softphone.ui.replaced':
    'Questo operatore è ora aperto in un’altra scheda o finestra, che gestisce il softphone. Questa si è fermata.',
  'softphone.ui.takeOver': 'Usa qui',
  'softphone.ui.sessionLost':
    'Il softphone è rimasto irraggiungibile troppo a lungo ed è stato disconnesso. Accedi di nuovo per continuare.',
  'softphone.ui.serverRestarted':
    'Il server del call center è stato riavviato e questa sessione si è chiusa con lui. Accedi di nuovo per continuare.',
  'softphone.ui.disabled':
    'Un amministratore ha disattivato il tuo account agente, quindi il telefono ti ha disconnesso. Chiedigli di riattivarlo.',
  'softphone.ui.dismiss': 'Chiudi',
  'softphone.ui.ringBlocked':
    'Sta squillando una chiamata. Fai clic in un punto qualsiasi del telefono per sentirla: il browser tiene la pagina muta finché non interagisci con essa.',
  'softphone.ui.notify.inbound': 'Chiamata in arrivo',
  'softphone.ui.notify.internal': 'Ti chiama un collega',
  'softphone.ui.notify.outbound': 'Una chiamata per te',
  'softphone.ui.notify.body': 'Da {{caller}}',
  'softphone.ui.media.connecting': 'Connessione audio in corso…',
  'softphone.ui.media.connected': 'Audio connesso',
  'softphone.ui.media.failed': 'Connessione audio non riuscita. Riaggancia e richiama.',
  'softphone.ui.media.closed': 'Audio terminato',
  'softphone.ui.media.quality': '{{kilobytes}} KB ricevuti, jitter {{jitter}} ms, {{lost}} pacchetti persi',
  'softphone.ui.media.noMicrophone':
    'Il microfono non è disponibile, quindi il tuo collega non può sentirti. Consenti l’uso del microfono per questa pagina e richiama.',
  'softphone.ui.media.remote': 'Il tuo collega',
  'softphone.ui.media.local': 'La tua videocamera',
  'softphone.ui.media.other': 'Altro partecipante alla chiamata',
  'softphone.ui.robot.prompt': 'Cosa chiede il chiamante?',
  'softphone.ui.robot.suggest': 'Suggerisci risposte',
  'softphone.ui.robot.faq': 'Dalle FAQ',
  'softphone.ui.robot.docs': 'Dalla documentazione',
  'softphone.ui.robot.nothing':
    'Nelle FAQ e nella documentazione non c’è niente che corrisponda a “{{question}}”. Prova con altre parole.',
  'softphone.ui.robot.failed': 'Impossibile caricare i suggerimenti. Riprova.',
  'softphone.ui.quality.warning': 'L’audio della chiamata potrebbe essere a tratti',
  'softphone.ui.quality.highLoss': 'Il {{percent}} % dell’audio non è arrivato',
  'softphone.ui.quality.highJitter': 'L’audio arriva in modo irregolare (jitter {{ms}} ms)',
  'softphone.ui.quality.highRtt': 'Ritardo elevato: {{ms}} ms andata e ritorno',
  'softphone.ui.quality.lowMos': 'Qualità stimata {{mos}} su 5',
  'softphone.event.callQualityChange':
    'L’audio della chiamata in corso ha superato una soglia di qualità o è rientrato: emesso quando un avviso compare o scompare, con i valori dell’ultimo secondo.',
  'softphone.shape.CallQuality':
    'La qualità di una chiamata in corso, dalle sue statistiche, valutata con l’E-model (ITU-T G.107) come nella pagina di diagnostica.',
  'softphone.field.quality': 'La qualità della chiamata.',
  'softphone.field.warnings':
    'Gli avvisi attivi: highLoss (oltre il 3 % di pacchetti persi), highJitter (oltre 30 ms), highRtt (andata e ritorno oltre 400 ms), lowMos (valutazione R sotto 70). Vuoto quando sono tutti rientrati.',
  'softphone.field.mos': 'Punteggio medio d’opinione (MOS) stimato, da 1 a 4,5.',
  'softphone.field.r': 'La valutazione R dell’E-model, da 0 a 100.',
  'softphone.field.verdict': 'Il giudizio: good (R da 80), acceptable (da 70), poor (da 60) o bad.',
  'softphone.field.loss_percent': 'Percentuale dei pacchetti audio dell’ultimo secondo andati persi.',
  'softphone.field.jitter_ms': 'Jitter dell’audio ricevuto, in millisecondi.',
  'softphone.field.rtt_ms': 'Andata e ritorno del percorso dei media, in millisecondi; null finché non è noto.',
  'softphone.ui.page.devices': 'Dispositivi',
  'softphone.ui.devices.microphone': 'Microfono',
  'softphone.ui.devices.speaker': 'Altoparlante (chiamata)',
  'softphone.ui.devices.ringer': 'Suoneria (chiamate in arrivo)',
  'softphone.ui.devices.default': 'Predefinito del browser',
  'softphone.ui.devices.unnamed': 'Dispositivo {{number}}',
  'softphone.ui.devices.allowHint':
    'Il browser mostra i nomi dei tuoi dispositivi quando il telefono è autorizzato a usare il microfono.',
  'softphone.ui.devices.allow': 'Mostra i miei dispositivi',
  'softphone.ui.devices.level': 'Livello del microfono',
  'softphone.ui.devices.testing': 'Riproduzione…',
  'softphone.ui.devices.test.speaker': 'Prova l’altoparlante',
  'softphone.ui.devices.test.ringer': 'Prova la suoneria',
  'softphone.ui.devices.noOutputSelection':
    'Questo browser non consente di scegliere dove riprodurre l’audio: la chiamata e la suoneria usano l’uscita di sistema.',
  'softphone.ui.devices.lost.microphone':
    'Il microfono scelto non è più disponibile; il telefono ora usa quello predefinito.',
  'softphone.ui.devices.lost.speaker':
    'L’altoparlante scelto non è più disponibile; la chiamata ora si sente sull’uscita predefinita.',
  'softphone.ui.devices.lost.ringer':
    'Il dispositivo scelto per la suoneria non è più disponibile; le chiamate ora squillano sull’uscita predefinita.',
  'softphone.method.getDevices':
    'Elenca i microfoni e le uscite audio di questo browser, e quelli scelti dall’operatore.',
  'softphone.method.setDevices':
    "Sceglie il microfono, l’altoparlante per la chiamata e la suoneria per le chiamate in arrivo ('' per il predefinito del browser). Se uno dei dispositivi indicati non è presente, non cambia nulla. La scelta viene salvata in questo browser.",
  'softphone.param.device.microphone': "Il device_id del microfono; '' per quello predefinito del browser.",
  'softphone.param.device.speaker': "L’uscita per l’audio della chiamata; '' per quella predefinita del browser.",
  'softphone.param.device.ringer': "L’uscita per la suoneria; '' per quella predefinita del browser.",
  'softphone.event.devicesChange':
    'Sono cambiati i dispositivi del browser o la scelta dell’operatore. lost indica i tipi il cui dispositivo scelto è stato scollegato: il telefono passa a quello predefinito e una chiamata in corso prosegue su di esso.',
  'softphone.shape.DeviceList': 'I dispositivi audio del browser dell’operatore e quelli scelti.',
  'softphone.shape.AudioDevice': 'Un microfono o un’uscita audio.',
  'softphone.shape.DeviceChoice': "Il dispositivo scelto per ogni tipo; '' indica il predefinito del browser.",
  'softphone.field.microphones': 'I microfoni.',
  'softphone.field.outputs': 'Le uscite audio (altoparlanti, cuffie), per l’altoparlante e la suoneria.',
  'softphone.field.selected': 'I dispositivi scelti.',
  'softphone.field.output_selection':
    'Indica se questo browser può inviare l’audio a un’uscita scelta (setSinkId); false in Safari.',
  'softphone.field.device_id': 'L’ID del dispositivo nel browser, stabile per questo sito.',
  'softphone.field.deviceLabel':
    'Il nome del dispositivo; vuoto finché il telefono non è autorizzato a usare il microfono.',
  'softphone.field.lost': 'I tipi il cui dispositivo scelto non è più disponibile: microphone, speaker, ringer.',
  'softphone.field.devices': 'I dispositivi di questo browser e la scelta dell’operatore.',
} satisfies SoftphoneMessages;
