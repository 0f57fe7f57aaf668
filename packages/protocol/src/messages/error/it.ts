import type { ErrorMessages } from './en.js';

export default {
  'error.badJson': 'Il corpo della richiesta non è un JSON valido.',
  'error.badUrl': 'L’indirizzo di questa richiesta non è valido.',
  'error.missingHost': 'Questa richiesta non ha l’intestazione Host, obbligatoria in HTTP/1.1.',
  'error.badRequest': 'Impossibile leggere la richiesta. Inviala di nuovo.',
  'error.crossSiteRequest':
    'Questa richiesta proviene da un altro sito ed è stata rifiutata. Apri la pagina su questo server e riprova.',
  'error.requestTimeout':
    'La richiesta ha impiegato troppo tempo ad arrivare ed è stata annullata. Controlla la connessione e riprova.',
  'error.invalidField': 'La richiesta contiene un campo non valido: {{detail}}',
  'error.notLoggedIn': "Effettua prima l'accesso.",
  'error.wrongCredentials': 'Account o password errati.',
  'error.apiNotFound': 'Non esiste alcuna API in {{path}}.',
  'error.notFound': 'Non è stato trovato nulla in {{path}}.',
  'error.versionNotFound': 'Questa versione non esiste. Potrebbe essere stata eliminata.',
  'error.versionNameTaken': 'Esiste già una versione con questo nome.',
  'error.defaultVersionRequired':
    "Una versione deve restare quella predefinita. Imposta invece un'altra versione come predefinita.",
  'error.concurrentUpdate': 'Qualcun altro ha apportato una modifica nello stesso momento. Ricarica e riprova.',
  'error.bodyTooLarge': 'La richiesta è troppo grande (massimo {{max}} byte).',
  'error.unsupportedMediaType': 'Invia la richiesta in formato JSON (Content-Type: application/json).',
  'error.tooManyLoginAttempts': 'Troppi tentativi di accesso non riusciti. Riprova tra {{seconds}} s.',
  'error.diagTransferLimit':
    'Questo indirizzo ha esaurito per ora la sua quota del test di banda. Riprova tra {{seconds}} s.',
  'error.internal': 'Si è verificato un errore sul server. Riprova.',
  'error.databaseUnavailable': 'Al momento il database non è raggiungibile. Riprova tra qualche secondo.',
  'error.serverStopping': 'Il server si sta riavviando. Riprova tra qualche secondo.',
  'error.callCentreUnavailable': 'Il call center si sta spostando su un altro server. Riprova tra qualche secondo.',
  'error.socketMissing': 'L’istanza del socket non esiste. Avvia prima il telefono con init().',
  'error.cannotSend': 'Impossibile inviare messaggi: il telefono non è ancora caricato.',
  'error.connectionDown':
    'La connessione è interrotta o non disponibile. Il telefono si sta riconnettendo; riprova tra un attimo.',
  'error.sessionEnded':
    'La sessione del telefono è terminata (disconnesso, ripreso in un’altra scheda o chiuso), quindi non accetta più richieste. Riavvia il telefono o riprendi l’operatore.',
  'error.phoneNotReady':
    'Il telefono non ha ancora effettuato l’accesso, quindi la richiesta non è stata inviata. Attendi che il telefono sia pronto e riprova.',
  'error.engineTimeout':
    'Il call center non ha risposto in tempo, quindi l’esito è sconosciuto. Controlla lo stato del telefono, poi riprova.',

  'error.ssoTokenInvalid': 'Impossibile ottenere la firma SSO: il token della chiave pubblica SSO non è valido.',
  'error.ssoAccountUnknown': 'Impossibile ottenere la firma SSO: nessun operatore di questo tenant ha questo account.',
  'error.ssoSignatureInvalid':
    'Impossibile ottenere il token di accesso tramite il servizio Basic. La firma SSO non è valida o è scaduta; richiedine una nuova.',
  'error.ssoSignatureUsed':
    'Impossibile ottenere il token di accesso tramite il servizio Basic. Questa firma SSO è già stata usata; richiedine una nuova.',
  'error.basicLoginFailed':
    'Impossibile ottenere il token di accesso tramite il servizio Basic. Controlla account e password.',
  'error.agentDisabled':
    'Impossibile ottenere il token di accesso tramite il servizio Basic. Questo account operatore è disattivato.',
  'error.accountAmbiguous': 'Questo numero di matricola esiste in più tenant. Accedi con il tuo indirizzo email.',
  'error.loginTokenInvalid':
    'Autenticazione di accesso non riuscita: il token di accesso non è valido. Accedi di nuovo.',
  'error.loginTokenExpired': 'Autenticazione di accesso non riuscita: il token di accesso è scaduto. Accedi di nuovo.',
  'error.loginTokenUsed':
    'Autenticazione di accesso non riuscita: questo token di accesso è già stato usato. Ottienine uno nuovo.',
  'error.socketAuthFailed': 'Autenticazione del socket non riuscita.',
  'error.sessionGone': 'Impossibile riprendere la sessione perché è terminata. Accedi di nuovo.',
  'error.badFrame': 'Impossibile leggere il messaggio: non è un messaggio del protocollo del softphone.',
  'error.unknownMethod': 'Non esiste alcun metodo chiamato “{{method}}”.',
  'error.invalidParams': 'Alcuni parametri non sono validi: {{detail}}',
  'error.checkInNotAllowed': 'Check-in non riuscito: questo operatore non è autorizzato a effettuare il check-in.',
  'error.checkInNoExtension':
    'Check-in non riuscito: questo operatore non ha un interno. Chiedi a un amministratore di assegnargliene uno.',
  'error.notCheckedIn': 'Effettua prima il check-in.',
  'error.alreadyCheckedIn': 'L’operatore ha già effettuato il check-in.',
  'error.illegalAgentStatus':
    'L’operatore non può effettuare il check-out durante una chiamata. Termina prima la chiamata.',
  'error.unknownReason': 'Questo motivo di non disponibilità non è nell’elenco del tenant.',
  'error.unknownWrapUpCode': 'Questo codice esito non è nell’elenco del tenant.',
  'error.frameTooLarge': 'Il messaggio è troppo grande.',
  'error.tooManyFrames':
    'Troppi messaggi in poco tempo. La connessione è stata chiusa; verrà ristabilita automaticamente.',
  'error.invalidNumber': 'Questo numero non può essere chiamato. Controllalo e riprova.',
  'error.callNotFound': 'Questa chiamata non esiste più.',
  'error.agentInCall': 'L’operatore è già impegnato in una chiamata.',
  'error.illegalCallState': 'Non è possibile eseguire questa operazione nello stato attuale della chiamata.',
  'error.transferFailed': 'Trasferimento non riuscito: il numero esterno non ha risposto alla chiamata.',
  'error.trunkTransferUnsupported':
    'Una chiamata sul trunk SIP può essere passata a un collega o alla coda, non ancora a un numero esterno.',
  'error.extensionUnavailable':
    'Quell’interno non può ricevere chiamate in questo momento: il collega è offline o già in chiamata, oppure l’interno non è assegnato.',
  'error.internalCallNotAllowed': 'Le chiamate ai colleghi sono disattivate su questo softphone.',
  'error.numberBlocked':
    'Le chiamate verso il numero {{number}} sono bloccate dal piano di numerazione del tuo call center.',
  'error.premiumNumberBlocked':
    'Il numero {{number}} è a sovrapprezzo o satellitare, e il piano di numerazione del tuo call center non consente di chiamarlo.',
  'error.internationalNotAllowed':
    'Il numero {{number}} appartiene a un altro paese, e il piano di numerazione del tuo call center non ti consente di fare chiamate internazionali.',
  'error.tenantNotFound': 'Questo tenant non esiste. Potrebbe essere stato eliminato.',
  'error.agentNotFound': 'Questo operatore non esiste. Potrebbe essere stato eliminato.',
  'error.agentTaken': 'Questo valore è già usato da un altro operatore.',
  'error.webhookNotFound': 'Questo webhook non esiste. Potrebbe essere stato eliminato.',
  'error.webhookDeliveryNotFound':
    'Questa consegna non è più nel registro. Le consegne vecchie vengono rimosse dopo un po’ di tempo.',
  'error.apiKeyInvalid':
    'La chiave API manca, è sconosciuta o è stata revocata. Inviala come “Authorization: Bearer opk_…”, oppure creane una nuova nel CMS.',
  'error.apiKeyNotFound': 'Questa chiave API non esiste. Potrebbe essere già stata revocata.',
  'error.apiKeyLimit': 'Un tenant può avere al massimo {{max}} chiavi API. Prima revocane una che non usi più.',
  'error.eventCursorUnknown':
    'Gli eventi successivi a questo non sono più conservati (gli eventi vengono tenuti per 30 giorni), oppure non è un evento di questo tenant. Ricomincia senza “after” e recupera ciò che ti sei perso dai tuoi dati.',
  'error.eventStreamLimit': 'Questa chiave API ha già {{max}} flussi aperti. Chiudine uno, oppure usa un’altra chiave.',
  'error.webhookLimit': 'Un tenant può avere al massimo {{max}} webhook. Prima eliminane uno che non usi più.',
  'error.webhookTargetRefused':
    '{{host}} si trova su questo server o in una rete privata, e questo server non vi invia eventi. Usa un indirizzo raggiungibile da internet, oppure chiedi al gestore di consentire le destinazioni private (WEBHOOK_PRIVATE_TARGETS).',
  'error.agentAccountRequired':
    'Indica per l’operatore almeno un indirizzo email, un numero di matricola o un numero di cellulare con cui accedere.',

  'error.field.required': 'Il campo “{{field}}” è obbligatorio.',
  'error.field.tooLong': 'Il campo “{{field}}” può contenere al massimo {{max}} caratteri.',
  'error.field.tooShort': 'Il campo “{{field}}” deve contenere almeno {{min}} caratteri.',
  'error.field.tooBig': 'Il valore di “{{field}}” non può superare {{max}}.',
  'error.field.tooSmall': 'Il valore di “{{field}}” deve essere almeno {{min}}.',
  'error.field.wrongType': 'Il campo “{{field}}” contiene un valore di tipo errato.',
  'error.field.unknown': '“{{field}}” non è un campo di questa richiesta.',
  'error.field.notAllowed': 'Il campo “{{field}}” contiene un valore non consentito.',
  'error.field.badCharacter': '«{{field}}» contiene un carattere non consentito.',
  'error.field.tooMany': '«{{field}}» può contenere al massimo {{max}} voci.',
  'error.field.emptyKey': '«{{field}}» contiene una voce senza nome.',
  'error.field.weakPassword':
    "«{{field}}» è troppo facile da indovinare: una password comune o trapelata, caratteri ripetuti o in sequenza, oppure una parola di questo servizio o dell'account. Qualche parola senza legami tra loro fa una password robusta.",
  'error.field.reusedPassword': '«{{field}}» deve essere diversa dalla password attuale.',
  'error.demoAgentPasswordRefused':
    'Questo agente ha ancora la password dimostrativa pubblicata, che funziona solo su un server raggiungibile esclusivamente da questa macchina. Chiedi a un amministratore di impostare una nuova password nel CMS.',
  'error.resourceNotFound': 'Questo documento non esiste o non è pubblicato.',
  'error.accountDisabled': 'Questo account è stato disattivato. Chiedi a un amministratore di riattivarlo.',
  'error.forbidden': 'Il tuo ruolo non consente questa operazione. Rivolgiti a un amministratore.',
  'error.passwordChangeRequired': 'Cambia la password della demo prima di continuare.',
  'error.attachmentNotFound': 'Questo allegato non esiste. Potrebbe essere stato eliminato.',
  'error.accountNotFound': 'Questo account non esiste. Potrebbe essere stato eliminato.',
  'error.staleRevision':
    'Qualcun altro ha salvato questo elemento dopo che lo hai aperto. Confronta le due versioni prima di salvare di nuovo.',
  'error.categoryNotEmpty': 'Questa categoria contiene ancora sottocategorie o documenti. Prima spostali o eliminali.',
  'error.illegalStatusChange':
    'Questo cambio di stato non è consentito. Puoi pubblicare un elemento non pubblicato o offline, oppure mettere offline un elemento pubblicato.',
  'error.categoryCycle': 'Una categoria non può essere spostata sotto sé stessa o sotto una delle sue sottocategorie.',
  'error.attachmentInUse': 'Un documento contiene ancora un link a questo allegato. Prima rimuovi il link.',
  'error.accountTaken': 'Esiste già un account con questo nome.',
  'error.lastAdmin': 'Questo è l’ultimo amministratore attivo. Prima rendi amministratore un altro account.',
  'error.sortMismatch': 'L’elenco è cambiato mentre lo stavi ordinando. Ricarica e riprova.',
  'error.attachmentTooLarge': 'Il file è troppo grande (massimo {{max}} MB).',
  'error.unsupportedFileType':
    'Questo tipo di file non può essere allegato. Usa un’immagine o un file PDF, di testo, Markdown, CSV o ZIP.',
  'error.categoryNotFound': 'Questa categoria non esiste o non è pubblicata.',
  'error.deviceNotFound':
    'Questo dispositivo non esiste in questo browser. Potrebbe essere stato scollegato: chiama getDevices per ottenere l’elenco aggiornato.',
  'error.outputSelectionUnsupported':
    'Questo browser non consente di scegliere dove riprodurre l’audio, quindi si può usare solo l’uscita predefinita.',
  'error.didTaken':
    'Il numero {{number}} squilla già presso un altro tenant. Un numero può raggiungere un solo tenant.',
  'error.telephonyNotConfigured':
    'Su questo server non sono configurati né un socket SIP né un relay multimediale (SIP_LISTEN e RTPENGINE_NG), quindi non è possibile attivare un trunk.',
  'error.secretsKeyMissing':
    'Su questo server non è configurata una chiave per conservare le password cifrate (SECRETS_KEY), quindi la password del trunk non può essere salvata.',
  'error.trunkBusy':
    'Tutte le linee del collegamento telefonico del tuo call center sono occupate. Riprova quando una chiamata sarà terminata.',
  'error.shortNumberIsExtension':
    'Il numero {{number}} è l’interno di un operatore. Se resta tra i numeri brevi del piano di numerazione, le chiamate verso questo numero usciranno sulla rete telefonica invece di far squillare il suo interno: rimuovilo dall’elenco o cambia l’interno.',
  'error.field.duplicate': '“{{field}}” ripete un valore già presente nell’elenco.',
  'error.jsonTooDeep':
    'Il corpo della richiesta annida elenchi e oggetti troppo in profondità (massimo {{max}} livelli).',
  'error.trunkHostForbidden':
    '{{host}} non può essere l’host di un trunk: è un indirizzo link-local o di metadati del cloud, mai il server SIP di un operatore telefonico. Inserisci l’indirizzo fornito dal tuo operatore.',
} satisfies ErrorMessages;
