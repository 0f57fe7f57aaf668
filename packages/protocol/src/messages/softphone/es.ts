import type { SoftphoneMessages } from './en.js';

export default {
  'softphone.title': 'Softphone',

  'softphone.param.serverUrl':
    'Dirección del servidor de la plataforma abierta desde el que el softphone carga sus archivos y datos.',
  'softphone.param.token':
    'Token de inicio de sesión obtenido del servicio Basic. El softphone lo usa para autenticar su conexión.',
  'softphone.param.nextToken':
    'Un nuevo token de inicio de sesión para el mismo agente, obtenido del servicio Basic (basic/get_login_token o basic/refresh_login_token).',
  'softphone.param.mini': 'Muestra el softphone compacto: solo el estado y los controles de llamada.',
  'softphone.param.assistantRobot':
    'Muestra el robot asistente, que sugiere respuestas a partir de la documentación. Solo funciona para los agentes que lo tienen habilitado.',
  'softphone.param.lang':
    'Idioma de la interfaz: uno de los 19 códigos de idioma indicados. Omítalo para usar el idioma predeterminado del inquilino o, si no lo hay, chino simplificado.',
  'softphone.param.statusBar': 'Muestra la barra de estado superior con el estado del agente y el de la conexión.',
  'softphone.param.dialPad': 'Muestra el teclado de marcación.',
  'softphone.param.internalCall': 'Permite llamar a los compañeros por su extensión.',
  'softphone.param.volteVideo': 'Añade vídeo a las llamadas internas.',
  'softphone.param.visible':
    'Muestra el softphone al cargarse. Ocúltelo para que siga funcionando sin estar a la vista.',
  'softphone.param.ringtone': 'Sonar al entrar una llamada: con el tono integrado o con el archivo de ringtoneUrl.',
  'softphone.param.ringtoneUrl':
    'Dirección web de un archivo de audio que suena en bucle en lugar del tono integrado. Si no se puede cargar, suena el tono integrado.',
  'softphone.param.notifications':
    'Mostrar una notificación del navegador al entrar una llamada mientras la página está en segundo plano. El permiso se pide una sola vez, en el primer clic en la página; el teléfono funciona sin él.',
  'softphone.param.logLevel':
    'Lo que el SDK escribe en la consola del navegador: silent, error, warn (predeterminado), info o debug. Sea cual sea el nivel, guarda sus últimas 500 entradas para phone.exportLog(), para adjuntarlas a una solicitud de soporte.',
  'softphone.param.visibleNow': 'true muestra el teléfono y false lo oculta; oculto sigue funcionando.',
  'softphone.param.displayNumber': 'Uno de los números mostrados del inquilino.',
  'softphone.param.rtcCallId': 'La llamada interna a la que pertenece la señal.',
  'softphone.param.page':
    'La página que se abrirá: teclado de marcación, registro de llamadas, directorio o robot asistente.',
  'softphone.param.status': 'El estado del agente que se establecerá: libre (disponible) u ocupado (no disponible).',
  'softphone.param.reason_id': 'Con «ocupado»: el motivo de no disponibilidad, uno de los de la lista del inquilino.',
  'softphone.param.number': 'El número de teléfono al que llamar: dígitos, opcionalmente precedidos de +.',
  'softphone.param.call_id': 'La llamada sobre la que actuar. Omítalo para usar la llamada actual.',
  'softphone.param.limit': 'Cuántos registros devolver, como máximo 100.',
  'softphone.param.agent_id': 'El agente al que pertenece la llamada.',
  'softphone.param.signal': 'La descripción de sesión WebRTC o el candidato ICE, tal como lo proporciona el navegador.',
  'softphone.param.rtcTo':
    'El agente al que va la señal: si se omite, el otro agente de la llamada; el teléfono de un supervisor y los agentes a los que escucha se nombran mutuamente.',
  'softphone.param.attachedData':
    'Datos adjuntos para la ventana emergente (screen pop): hasta 20 claves de 64 caracteres como máximo, cada una con un texto de 1024 caracteres como máximo. Acompañan a la llamada y a sus transferencias, y se guardan en el registro de llamadas.',
  'softphone.param.internal':
    'Indica si el número puede ser la extensión de un compañero; el softphone pasa false cuando se inició con internalCall: false.',
  'softphone.param.extension': 'La extensión del compañero al que consultar.',
  'softphone.param.digits': 'Los dígitos DTMF que se enviarán: 0-9, * y #, 32 como máximo.',

  'softphone.method.setPhoneVisible': 'Muestra u oculta el softphone.',
  'softphone.method.goToPage': 'Abre una página del softphone.',
  'softphone.method.login': 'Registra la entrada del agente, disponible o no disponible.',
  'softphone.method.logout': 'Registra la salida del agente.',
  'softphone.method.setAgentStatus': 'Establece el estado del agente.',
  'softphone.method.dialOut': 'Llama a un número de teléfono.',
  'softphone.method.answer': 'Contesta la llamada que está sonando.',
  'softphone.method.hangUp': 'Cuelga la llamada.',
  'softphone.method.mute': 'Silencia el micrófono durante la llamada.',
  'softphone.method.unmute': 'Reactiva el micrófono durante la llamada.',
  'softphone.method.pause': 'Pone la llamada en espera.',
  'softphone.method.unpause': 'Recupera la llamada en espera.',
  'softphone.method.transferExternal':
    'Transfiere la llamada: a un número externo o, mediante transferencia ciega, a la extensión de un compañero que usted indique. Si nadie atiende una transferencia ciega, la llamada vuelve a usted (una llamada entrante vuelve a la cola).',
  'softphone.method.consultTransfer':
    'Transferencia asistida: pone al llamante en espera y llama al compañero de esta extensión para que usted pueda hablar con él primero. Después, completeTransfer o cancelTransfer.',
  'softphone.method.completeTransfer':
    'Completa una transferencia asistida: el llamante pasa a hablar con el compañero y usted sale de la llamada.',
  'softphone.method.cancelTransfer':
    'Cancela una transferencia asistida: la llamada con el compañero termina y el llamante sigue en espera con usted.',
  'softphone.method.transferToQueue':
    'Devuelve al llamante a la cola del inquilino, para el siguiente agente disponible.',
  'softphone.method.sendDtmf':
    'Envía dígitos DTMF (0-9, * y #) durante una llamada, por ejemplo para responder a un menú telefónico.',
  'softphone.method.setCallData':
    'Cambia los datos adjuntos de una llamada en la que participas. Cada agente de la llamada recibe callDataChange, y el registro de la llamada guarda los datos con los que termina.',
  'softphone.param.callData':
    'Los datos adjuntos que se establecen: claves con textos, como en dialOut. Una vez combinados, la llamada tiene como máximo 20 claves.',
  'softphone.param.replace':
    'true sustituye todos los datos adjuntos de la llamada por data; false (predeterminado) cambia solo las claves indicadas y conserva las demás.',
  'softphone.method.setDisplayNumber':
    'Elige, de la lista del inquilino, el número que ven las personas a las que llama el agente.',
  'softphone.method.getState': 'Devuelve el estado actual del agente y sus llamadas.',
  'softphone.method.getCallRecords': 'Devuelve las últimas llamadas del agente, de la más reciente a la más antigua.',
  'softphone.method.getColleagues':
    'Devuelve los compañeros del inquilino con sus extensiones y su estado en tiempo real.',
  'softphone.method.monitor': 'Para supervisores: escucha la llamada de un agente sin ser oído.',
  'softphone.method.insert': 'Para supervisores: se une a la llamada de un agente y ambas partes lo oyen.',
  'softphone.method.stopMonitor': 'Para supervisores: abandona la llamada del agente.',
  'softphone.method.rtcSignal':
    'Envía una oferta, una respuesta o un candidato ICE de WebRTC al otro agente de una llamada interna.',
  'softphone.method.updateToken':
    'Entrega al teléfono su siguiente token de inicio de sesión cuando tokenWillExpire lo pide. El servidor comprueba que el token pertenece al mismo agente y que no ha caducado. La sesión continúa en cualquier caso; el teléfono guarda el token para lo que necesite uno vigente, como recuperar al agente desde otra pestaña.',

  'softphone.event.loginInfoChange': 'El agente registró su entrada o su salida.',
  'softphone.event.userInfoChange': 'Los datos del agente han cambiado.',
  'softphone.event.checkInFailed': 'Error en el registro de entrada. Los datos del evento indican el motivo.',
  'softphone.event.agentStatusChange': 'El estado del agente ha cambiado.',
  'softphone.event.callTypeChange': 'Se conoce o ha cambiado el tipo de una llamada: entrante, saliente o interna.',
  'softphone.event.callStatusChange':
    'El estado de una llamada ha cambiado: sonando, en conversación, en espera o finalizada.',
  'softphone.event.callDataChange': 'Los datos de una llamada han cambiado.',
  'softphone.event.aboutToHangUp': 'El agente está a punto de colgar la llamada.',
  'softphone.event.afterCallWorkEnded':
    'Ha terminado el trabajo posterior a la llamada; el agente vuelve a estar disponible.',
  'softphone.event.wrapUpChange':
    'El agente tipificó una llamada (setWrapUp). Una segunda tipificación de la misma llamada sustituye a la primera.',
  'softphone.method.setWrapUp':
    'Registra qué pasó con una llamada: un código de tipificación de la lista del inquilino, con una nota opcional. Se aplica a la llamada en la que participas o a la última que terminaste (normalmente durante el trabajo posterior a la llamada). El registro de la llamada lo guarda, y el back end recibe wrapUpChange.',
  'softphone.param.code_id':
    'El identificador del código de tipificación, tomado de wrap_up_codes en la información del inquilino.',
  'softphone.param.wrapUpNote': 'Una nota para el registro de la llamada, de 500 caracteres como máximo.',
  'softphone.param.wrapUpCallId':
    'La llamada que se tipifica: una en la que participa o la última que terminó. Si se omite, la llamada actual o, si no la hay, la última.',
  'softphone.shape.WrapUpCode': 'Un código de tipificación de la lista del inquilino.',
  'softphone.shape.WrapUp': 'La tipificación de una llamada hecha por un agente.',
  'softphone.shape.WrapUpResult': 'La llamada tipificada y su tipificación.',
  'softphone.field.wrapUpCodeId': 'El identificador del código, que setWrapUp recibe como code_id.',
  'softphone.field.wrapUpCodeName':
    'El código tal como lo ven los agentes; en una tipificación, su nombre cuando se eligió.',
  'softphone.field.wrapUpNote': 'La nota del agente; null si no hay ninguna.',
  'softphone.field.code_id': 'El identificador del código de tipificación.',
  'softphone.field.set_at': 'Cuándo se eligió la tipificación.',
  'softphone.field.wrap_up_codes':
    'Los códigos de tipificación entre los que eligen los agentes después de una llamada; vacío si el inquilino no usa ninguno.',
  'softphone.field.wrap_up': 'La tipificación de la llamada hecha por el agente; null hasta que elija una.',
  'softphone.event.externalTransferSuccess': 'La llamada se ha transferido al número externo.',
  'softphone.event.monitorStart': 'Un supervisor ha empezado a escuchar la llamada.',
  'softphone.event.monitorEnd': 'El supervisor ha dejado de escuchar la llamada.',
  'softphone.event.insertionStart': 'Un supervisor se ha unido a la llamada.',
  'softphone.event.displayNumberChange': 'Ha cambiado el número que ven las personas a las que llama el agente.',
  'softphone.event.loginAuthFailed':
    'Error de autenticación de inicio de sesión. Los datos del evento indican el motivo.',
  'softphone.event.tenantInfoChange':
    'Cambió la configuración del inquilino: motivos de no disponible, números mostrados o tiempo de trabajo posterior a la llamada.',
  'softphone.event.rtcSignal':
    'El otro agente de una llamada interna envió una oferta, una respuesta o un candidato ICE de WebRTC.',
  'softphone.event.callMissed':
    'Una llamada sonó en este softphone y no se atendió aquí (dejó de sonar sin respuesta o el llamante colgó).',
  'softphone.event.transferOutcome':
    'Qué pasó con una llamada que usted transfirió: atendida, de vuelta en la cola, devuelta a usted o finalizada.',
  'softphone.event.dtmfReceived': 'La otra parte de la llamada envió dígitos DTMF.',
  'softphone.event.interruptionCancelled':
    'La conexión se ha recuperado a tiempo: interrupción de la comunicación cancelada.',
  'softphone.event.connectionLost':
    'Se ha perdido la conexión del teléfono con el servidor. El teléfono se reconecta solo y el servidor conserva la sesión, el estado del agente y las llamadas durante grace_ms. Hasta que vuelva la conexión, los métodos se rechazan con connectionDown. También se emite cuando el teléfono no puede llegar al servidor en su primer inicio de sesión (active_calls y grace_ms valen entonces 0): ready se rechaza con connectionDown y el teléfono sigue intentándolo.',
  'softphone.event.reconnecting':
    'El teléfono intentará reconectarse dentro de delay_ms (5 segundos como máximo). Lo intenta de inmediato cuando el navegador vuelve a estar en línea o la página se muestra de nuevo.',
  'softphone.event.connectionRestored':
    'La conexión volvió dentro del periodo de gracia y la sesión se reanudó. Siguen los eventos perdidos mientras tanto y después interruptionCancelled. Tras un primer inicio de sesión que no pudo llegar al servidor, indica que el teléfono por fin ha iniciado sesión.',
  'softphone.event.sessionEnded':
    'La sesión terminó y el teléfono se detuvo: se cerró la sesión tras el periodo de gracia, el agente fue desactivado, se rechazó el token o la página llamó a destroy(). Salvo tras destroy(), las llamadas en curso terminan primero (callStatusChange con ended). Después los métodos se rechazan de inmediato; vuelva a iniciar el teléfono con un token nuevo.',
  'softphone.event.takenOver':
    'El agente inició sesión en otra pestaña u otro dispositivo, que ahora tiene el teléfono y las llamadas. Este teléfono se detuvo y rechaza los métodos de inmediato hasta que el agente lo recupere aquí.',
  'softphone.event.takenBack':
    'Este teléfono recuperó al agente de la otra pestaña o dispositivo (Usar aquí) y vuelve a funcionar. Los datos del evento son el estado del agente.',
  'softphone.event.tokenWillExpire':
    'El token de inicio de sesión del teléfono caduca pronto (tres minutos antes o, si el token dura menos, un cuarto de su vigencia antes). Obtenga un token nuevo de su back end y páselo a updateToken; el evento se vuelve a emitir para cada token nuevo.',

  'softphone.field.checked_in': 'Indica si el agente ha registrado su entrada.',
  'softphone.field.session': 'El identificador de la sesión.',
  'softphone.field.agent': 'El agente: nombre, extensión, rol, estado y número mostrado.',
  'softphone.field.code': 'El código de error.',
  'softphone.field.message': 'El mensaje de error, en el idioma del softphone.',
  'softphone.field.status': 'El nuevo estado del agente.',
  'softphone.field.previous': 'El estado anterior.',
  'softphone.field.reason_id': 'Con «ocupado»: el motivo de no disponibilidad.',
  'softphone.field.status_since': 'Cuándo empezó el estado.',
  'softphone.field.acw_until': 'Con trabajo posterior a la llamada: cuándo termina automáticamente.',
  'softphone.field.call_id': 'El identificador de la llamada.',
  'softphone.field.call_type': 'Entrante, saliente o interna.',
  'softphone.field.call_status': 'Sonando, en conversación, en espera o finalizada.',
  'softphone.field.call': 'La llamada: números, tipo, estado, horas, silencio y espera.',
  'softphone.field.number': 'El número externo.',
  'softphone.field.supervisor': 'El nombre del supervisor.',
  'softphone.field.display_number': 'El número mostrado.',
  'softphone.field.tenant':
    'El inquilino: nombre, idioma predeterminado, motivos de no disponible, números mostrados y tiempo de trabajo posterior a la llamada.',
  'softphone.field.from':
    'Quién lo envió: el ID de agente del compañero, o network para el otro extremo de una llamada externa.',
  'softphone.field.caller': 'Quién llamó: un número de teléfono o la extensión de un compañero.',
  'softphone.field.reason': 'El motivo.',
  'softphone.field.kind':
    'El tipo de transferencia: ciega, asistida, a la cola o devuelta al agente que la transfirió.',
  'softphone.field.outcome': 'Qué ocurrió.',
  'softphone.field.digits': 'Los dígitos DTMF.',
  'softphone.field.signal': 'La descripción de sesión WebRTC o el candidato ICE.',
  'softphone.field.missed_events': 'Cuántos eventos se volvieron a enviar después de la interrupción.',
  'softphone.shape.AgentState': 'El agente tal como lo conoce el softphone: quién es, su estado y su número mostrado.',
  'softphone.shape.PhoneState':
    'El estado del agente (todos los campos de AgentState) con las llamadas de su softphone.',
  'softphone.shape.TenantInfo': 'Lo que el softphone sabe del inquilino del agente.',
  'softphone.shape.NotReadyReason': 'Un motivo que un agente puede indicar cuando no está disponible.',
  'softphone.shape.Call': 'Una llamada tal como la ve el softphone de este agente.',
  'softphone.shape.CallPeer': 'El otro agente de una llamada interna.',
  'softphone.shape.CallSupervisor': 'Un supervisor que escucha la llamada o se ha unido a ella.',
  'softphone.shape.CallTransfer': 'Quién pasó la llamada a este agente, y cómo.',
  'softphone.shape.Colleague': 'Un compañero del inquilino, con su estado en tiempo real.',
  'softphone.shape.ColleagueCall': 'La llamada en la que está un compañero.',
  'softphone.shape.ColleagueList': 'Los compañeros del inquilino.',
  'softphone.shape.CallRecord': 'Una llamada terminada, tal como la guarda el historial de llamadas del agente.',
  'softphone.shape.CallRecordList': 'Las últimas entradas del historial de llamadas del agente.',
  'softphone.shape.CallRef': 'La llamada sobre la que actuó el método.',
  'softphone.shape.TransferResult': 'La llamada que se pasó, y a dónde.',
  'softphone.shape.DtmfResult': 'Los dígitos enviados, y la llamada en la que se enviaron.',
  'softphone.shape.PhoneVisibility': 'Si el softphone se muestra ahora.',
  'softphone.shape.TokenState':
    'El token de inicio de sesión que tiene ahora el teléfono: cuándo caduca y cuándo pedirá el teléfono el siguiente.',
  'softphone.shape.EmptyResult': 'Un objeto vacío: el método no tiene nada que informar aparte de haber terminado.',
  'softphone.shape.WebRtcSignal':
    'Una señal WebRTC entre los dos softphones de una llamada interna: una descripción de sesión (offer o answer) o un candidato ICE.',
  'softphone.shape.IceCandidate': 'Un candidato ICE, tal como lo devuelve RTCIceCandidate.toJSON().',
  'softphone.field.agent_id': 'El identificador del agente.',
  'softphone.field.tenant_id': 'El identificador del inquilino.',
  'softphone.field.agentName': 'El nombre del agente.',
  'softphone.field.extension': 'La extensión del agente, o null si no tiene.',
  'softphone.field.role':
    'El rol: agent, o supervisor (que puede escuchar las llamadas de sus compañeros y unirse a ellas).',
  'softphone.field.assistant_robot': 'Si el agente puede usar el robot asistente.',
  'softphone.field.agentStatus':
    'El estado del agente: offline (desconectado), idle (disponible), busy (no disponible) o acw (trabajo posterior a la llamada).',
  'softphone.field.calls': 'Las llamadas del softphone del agente: sonando, en curso o en espera.',
  'softphone.field.tenantName': 'El nombre del inquilino.',
  'softphone.field.default_lang': 'El idioma de interfaz predeterminado del inquilino, por ejemplo zh-CN.',
  'softphone.field.not_ready_reasons': 'Los motivos que un agente puede elegir cuando no está disponible.',
  'softphone.field.display_numbers': 'Los números que los agentes pueden mostrar a las personas a las que llaman.',
  'softphone.field.acw_seconds': 'Cuánto dura el trabajo posterior a la llamada, en segundos.',
  'softphone.field.notReadyReasonId': 'El identificador del motivo, que setAgentStatus recibe como reason_id.',
  'softphone.field.reasonName': 'El motivo tal como lo ven los agentes.',
  'softphone.field.callee': 'A quién se llamó: un número de teléfono o la extensión de un compañero.',
  'softphone.field.callDisplayNumber': 'El número que se muestra a la otra parte, o null si no se muestra ninguno.',
  'softphone.field.created_at': 'Cuándo empezó la llamada (ISO 8601).',
  'softphone.field.answered_at': 'Cuándo se contestó la llamada (ISO 8601), o null si no se contestó.',
  'softphone.field.ended_at': 'Cuándo terminó la llamada (ISO 8601), o null mientras sigue en curso.',
  'softphone.field.callOutcome':
    'Cómo terminó la llamada: completed, busy, noAnswer, rejected, cancelled, abandoned, transferred, agentLost o failed (el troncal no pudo realizarla, o terminó sin que nadie colgara: end_reason indica el motivo). Null mientras la llamada sigue en curso.',
  'softphone.field.callEndReason':
    'Por qué terminó una llamada que nadie colgó: mediaLost (el relé de medios perdió el audio), farEndSilent (el otro extremo no envió audio durante el tiempo límite del troncal) o farEndGone (la red del otro extremo ya no reconocía la llamada). Null en cualquier otra llamada.',
  'softphone.field.muted': 'Si el micrófono de este agente está silenciado en la llamada.',
  'softphone.field.held': 'Si la llamada está en espera.',
  'softphone.field.peer': 'El otro agente de una llamada interna; null en las demás llamadas.',
  'softphone.field.supervisors': 'Los supervisores que escuchan la llamada o se han unido a ella.',
  'softphone.field.attached_data':
    'Los datos adjuntos de la llamada para la ventana emergente: claves y valores de texto, indicados al realizar la llamada.',
  'softphone.field.transfer': 'Quién pasó la llamada a este agente, y cómo; null si nadie lo hizo.',
  'softphone.field.consult_of':
    'En una llamada de consulta: el identificador de la llamada cuyo llamante espera en espera; si no, null.',
  'softphone.field.trunk':
    'El troncal SIP de la llamada, como sip:sip.carrier.example:5060;transport=udp (su voz pasa por el relé de medios del servidor); null en la red simulada y entre agentes.',
  'softphone.field.connecting':
    'true para el agente que contestó una llamada entrante por un troncal SIP mientras se conecta a quien llama: la llamada sigue en ringing hasta que el operador recibe la respuesta y pasa a talking una fracción de segundo después. false en los demás casos.',
  'softphone.field.mode': 'monitor (escucha sin ser oído) o insert (se ha unido, lo oyen ambas partes).',
  'softphone.field.from_agent_id': 'El identificador del agente que pasó la llamada.',
  'softphone.field.from_name': 'El nombre del agente que pasó la llamada.',
  'softphone.field.from_extension': 'La extensión del agente que pasó la llamada, o null.',
  'softphone.field.in_call': 'Si el compañero está en una llamada.',
  'softphone.field.colleagueCall': 'La llamada en la que está el compañero, o null.',
  'softphone.field.colleagueList': 'Los demás agentes del inquilino, ordenados por extensión.',
  'softphone.field.recordEndedAt': 'Cuándo terminó la llamada (ISO 8601).',
  'softphone.field.duration_seconds':
    'El tiempo de conversación en segundos, desde que se contestó hasta el final; 0 si la llamada no se contestó.',
  'softphone.field.recordList': 'Las llamadas, de la más reciente a la más antigua.',
  'softphone.field.transferNumber': 'El número o la extensión a la que se pasó la llamada.',
  'softphone.field.visible': 'Si el softphone se muestra.',
  'softphone.field.signalEpoch':
    'La generación de la conexión a la que pertenece la señal, elegida por el teléfono que la ofreció: un teléfono que toma una llamada desde otra pestaña ofrece una nueva, y se ignoran las señales de una anterior.',
  'softphone.field.signalType':
    'offer o answer (una descripción de sesión), o candidate (un candidato ICE). offerRequest llega del relé de medios en una llamada entrante sin descripción de sesión: el teléfono hace la oferta.',
  'softphone.field.sdp': 'Con offer y answer: la descripción de sesión (SDP).',
  'softphone.field.candidate': 'Con candidate: el candidato ICE.',
  'softphone.field.candidateLine': 'La línea SDP del candidato, que empieza por candidate:.',
  'softphone.field.sdpMid': 'La etiqueta de identificación de la sección de medios del candidato.',
  'softphone.field.sdpMLineIndex': 'El índice de la sección de medios del candidato en la descripción de sesión.',
  'softphone.field.usernameFragment': 'El fragmento de nombre de usuario ICE.',
  'softphone.field.at': 'Cuándo ocurrió (ISO 8601).',
  'softphone.field.active_calls':
    'Cuántas llamadas había en curso; el servidor las conserva durante el periodo de gracia.',
  'softphone.field.grace_ms':
    'Cuánto tiempo conserva el servidor la sesión para que vuelva el teléfono, en milisegundos.',
  'softphone.field.attempt': 'El intento de reconexión, contando desde 1.',
  'softphone.field.delay_ms': 'Tiempo hasta este intento, en milisegundos.',
  'softphone.field.offline_ms': 'Cuánto tiempo estuvo caída la conexión, en milisegundos.',
  'softphone.field.token_expires_at': 'Cuándo caduca el token de inicio de sesión (ISO 8601).',
  'softphone.field.refresh_at': 'Cuándo emite el teléfono tokenWillExpire para este token (ISO 8601).',
  'softphone.field.seconds_left': 'Segundos que faltan para que caduque el token.',
  'softphone.field.endReason':
    'Por qué terminó la sesión: signedOut (ausente más que el periodo de gracia), serverRestarted (el servidor se reinició sin conservarla), disabled (el agente fue desactivado), tokenRefused (se rechazó el token o la sesión), destroyed (la página llamó a destroy()).',

  'softphone.ui.loading': 'Iniciando el softphone…',
  'softphone.ui.agentStatus.offline': 'Sin registrar',
  'softphone.ui.agentStatus.idle': 'Disponible',
  'softphone.ui.agentStatus.busy': 'No disponible',
  'softphone.ui.agentStatus.acw': 'Trabajo posterior a la llamada',
  'softphone.ui.onCall': 'En llamada',
  'softphone.ui.socket.connecting': 'Conexión aún no establecida',
  'softphone.ui.socket.open': 'Conectado',
  'softphone.ui.socket.closing': 'Cerrando la conexión',
  'softphone.ui.socket.closed': 'Desconectado',
  'softphone.ui.socket.reconnecting': 'Conexión perdida. Reconectando (intento {{attempt}})…',
  'softphone.ui.checkIn': 'Registrar entrada',
  'softphone.ui.checkOut': 'Registrar salida',
  'softphone.ui.setReady': 'Ponerse disponible',
  'softphone.ui.notReadyReason': 'Motivo de no disponibilidad',
  'softphone.ui.displayNumber': 'Número que ve el destinatario',
  'softphone.ui.numberPlaceholder': 'Número de teléfono o extensión',
  'softphone.ui.dial': 'Llamar',
  'softphone.ui.backspace': 'Borrar el último dígito',
  'softphone.ui.callType.inbound': 'Llamada entrante',
  'softphone.ui.callType.outbound': 'Llamada saliente',
  'softphone.ui.callType.internal': 'Llamada interna',
  'softphone.ui.callStatus.ringing': 'Sonando',
  'softphone.ui.callStatus.talking': 'En llamada',
  'softphone.ui.callStatus.held': 'En espera',
  'softphone.ui.callStatus.ended': 'Llamada finalizada',
  'softphone.ui.answer': 'Contestar',
  'softphone.ui.reject': 'Rechazar',
  'softphone.ui.hangUp': 'Colgar',
  'softphone.ui.mute': 'Silenciar',
  'softphone.ui.unmute': 'Activar micrófono',
  'softphone.ui.hold': 'Poner en espera',
  'softphone.ui.resume': 'Reanudar',
  'softphone.ui.transfer': 'Transferir',
  'softphone.ui.transferTo': 'Transferir a (número o extensión)',
  'softphone.ui.transferConfirm': 'Transferir ahora',
  'softphone.ui.cancel': 'Cancelar',
  'softphone.ui.numberOnlyPlaceholder': 'Número de teléfono',
  'softphone.ui.key.star': 'Asterisco',
  'softphone.ui.key.hash': 'Almohadilla',
  'softphone.ui.key.zeroPlus': '0 (mantenga pulsado para +)',
  'softphone.ui.keypad': 'Teclado',
  'softphone.ui.dtmf.sent': 'Tonos enviados',
  'softphone.ui.dtmf.hint': 'Pulse o escriba 0-9, * o # para enviar tonos',
  'softphone.ui.dtmf.received': 'Tonos recibidos: {{digits}}',
  'softphone.ui.transferKind': 'Cómo transferir',
  'softphone.ui.transferKind.blind': 'Transferir directamente',
  'softphone.ui.transferKind.consult': 'Consultar primero',
  'softphone.ui.transferKind.queue': 'Devolver a la cola',
  'softphone.ui.transferToNumber': 'Transferir a (número de teléfono)',
  'softphone.ui.consultWith': 'Extensión del compañero',
  'softphone.ui.consultConfirm': 'Llamar para consultar',
  'softphone.ui.queueConfirm': 'Enviar a la cola',
  'softphone.ui.queueHint': 'El llamante espera el primero de la fila al siguiente compañero disponible.',
  'softphone.ui.transferPick': 'Elija un compañero',
  'softphone.ui.consultCall': 'Consulta',
  'softphone.ui.callerWaiting': 'En espera mientras consulta con {{name}}',
  'softphone.ui.completeTransfer': 'Completar la transferencia',
  'softphone.ui.cancelTransfer': 'Cancelar la transferencia',
  'softphone.ui.transferredBy': 'Transferida por {{name}}',
  'softphone.ui.transferredAfterConsult': 'Transferida por {{name}} tras una consulta',
  'softphone.ui.consultRequest': '{{name}} quiere transferirle una llamada',
  'softphone.ui.fromQueue': 'De la cola, devuelta por {{name}}',
  'softphone.ui.returnedBy': 'Devuelta: {{name}} no contestó',
  'softphone.ui.attachedData': 'Datos de la llamada',
  'softphone.ui.transferNotice.sent': 'Llamada transferida a {{number}}.',
  'softphone.ui.transferNotice.answered': '{{number}} contestó la llamada transferida.',
  'softphone.ui.transferNotice.queued': 'Nadie contestó en {{number}}: el llamante vuelve a estar en la cola.',
  'softphone.ui.transferNotice.returned': 'Nadie contestó en {{number}}: la llamada vuelve a usted.',
  'softphone.ui.transferNotice.ended': 'El llamante colgó antes de que {{number}} contestara.',
  'softphone.ui.transferNotice.queueAnswered': 'Un compañero atendió la llamada desde la cola.',
  'softphone.ui.transferNotice.queueEnded': 'El llamante colgó mientras esperaba en la cola.',
  'softphone.ui.missed.title': 'Llamadas perdidas ({{total}})',
  'softphone.ui.missed.badge': 'Llamadas perdidas: {{total}}',
  'softphone.ui.missed.noAnswer': 'Sin contestar',
  'softphone.ui.missed.cancelled': 'El llamante colgó',
  'softphone.ui.missed.clear': 'Vaciar la lista',
  'softphone.ui.unavailable.offline': 'Ese compañero ha cerrado sesión y no puede atender la llamada.',
  'softphone.ui.unavailable.busy': 'Ese compañero está en otra llamada.',
  'softphone.ui.unavailable.unknown': 'Ningún compañero tiene esa extensión.',
  'softphone.ui.unavailable.unreachable':
    'El teléfono de ese compañero ha perdido la conexión. Vuelve a intentarlo en un momento.',
  'softphone.ui.monitoredBy': '{{name}} está escuchando esta llamada',
  'softphone.ui.insertedBy': '{{name}} se ha unido a esta llamada',
  'softphone.ui.acwLeft': 'Trabajo posterior a la llamada: quedan {{seconds}} seg',
  'softphone.ui.endAcw': 'Finalizar el trabajo posterior a la llamada',
  'softphone.ui.wrapUp.code': 'Resultado',
  'softphone.ui.wrapUp.choose': 'Elija un resultado',
  'softphone.ui.wrapUp.note': 'Nota',
  'softphone.ui.wrapUp.notePlaceholder': 'Opcional',
  'softphone.ui.wrapUp.save': 'Guardar',
  'softphone.ui.wrapUp.saved': 'Guardado: {{name}}',
  'softphone.ui.records.wrapUp': 'Resultado: {{name}}',
  'softphone.ui.page.dialpad': 'Teclado',
  'softphone.ui.page.records': 'Llamadas recientes',
  'softphone.ui.page.directory': 'Compañeros',
  'softphone.ui.page.robot': 'Asistente',
  'softphone.ui.records.empty': 'Aún no hay llamadas.',
  'softphone.ui.records.duration': '{{seconds}} seg',
  'softphone.ui.outcome.completed': 'Completada',
  'softphone.ui.outcome.busy': 'Ocupado',
  'softphone.ui.outcome.noAnswer': 'Sin respuesta',
  'softphone.ui.outcome.rejected': 'Rechazada',
  'softphone.ui.outcome.cancelled': 'Cancelada',
  'softphone.ui.outcome.abandoned': 'El llamante colgó',
  'softphone.ui.outcome.transferred': 'Transferida',
  'softphone.ui.outcome.agentLost': 'Conexión perdida',
  'softphone.ui.outcome.failed': 'No se pudo realizar',
  'softphone.ui.endReason.mediaLost': 'Audio perdido',
  'softphone.ui.endReason.farEndSilent': 'Silencio del otro lado',
  'softphone.ui.callEnded.mediaLost':
    'Se perdió el audio de la llamada, así que se ha finalizado. Vuelva a llamar si aún necesita hablar.',
  'softphone.ui.callEnded.farEndSilent':
    'El otro extremo no envió audio durante demasiado tiempo, así que la llamada se ha finalizado. Vuelva a llamar si aún necesita hablar.',
  'softphone.ui.endReason.farEndGone': 'Llamada caída del otro lado',
  'softphone.ui.callEnded.farEndGone':
    'La red del otro extremo ya no reconocía la llamada, así que se ha finalizado. Vuelva a llamar si aún necesita hablar.',
  'softphone.ui.directory.empty': 'No hay compañeros en este inquilino.',
  'softphone.ui.directory.call': 'Llamar a {{name}}',
  'softphone.ui.replaced':
    'Este agente está abierto ahora en otra pestaña o ventana, que controla el softphone. Esta se ha detenido.',
  'softphone.ui.takeOver': 'Usar aquí',
  'softphone.ui.sessionLost':
    'El softphone estuvo inaccesible demasiado tiempo y se ha cerrado la sesión. Vuelva a iniciar sesión para continuar.',
  'softphone.ui.serverRestarted':
    'El servidor del centro de llamadas se reinició y esta sesión terminó con él. Vuelva a iniciar sesión para continuar.',
  'softphone.ui.disabled':
    'Un administrador ha desactivado tu cuenta de agente, así que el teléfono ha cerrado tu sesión. Pídele que la vuelva a activar.',
  'softphone.ui.dismiss': 'Cerrar',
  'softphone.ui.ringBlocked':
    'Está entrando una llamada. Haga clic en cualquier parte del teléfono para oírla: el navegador mantiene la página en silencio hasta que usted interactúe con ella.',
  'softphone.ui.notify.inbound': 'Llamada entrante',
  'softphone.ui.notify.internal': 'Le llama un compañero',
  'softphone.ui.notify.outbound': 'Una llamada para usted',
  'softphone.ui.notify.body': 'De {{caller}}',
  'softphone.ui.media.connecting': 'Conectando el audio…',
  'softphone.ui.media.connected': 'Audio conectado',
  'softphone.ui.media.failed': 'No se pudo establecer la conexión de audio. Cuelgue y vuelva a llamar.',
  'softphone.ui.media.closed': 'Audio finalizado',
  'softphone.ui.media.quality': '{{kilobytes}} KB recibidos, jitter de {{jitter}} ms, {{lost}} paquetes perdidos',
  'softphone.ui.media.noMicrophone':
    'El micrófono no está disponible, así que su compañero no puede oírle. Permita el uso del micrófono en esta página y vuelva a llamar.',
  'softphone.ui.media.remote': 'Su compañero',
  'softphone.ui.media.local': 'Su cámara',
  'softphone.ui.media.other': 'Otra persona en la llamada',
  'softphone.ui.robot.prompt': '¿Qué pregunta el llamante?',
  'softphone.ui.robot.suggest': 'Sugerir respuestas',
  'softphone.ui.robot.faq': 'De las preguntas frecuentes',
  'softphone.ui.robot.docs': 'De la documentación',
  'softphone.ui.robot.nothing':
    'Nada en las preguntas frecuentes ni en la documentación coincide con «{{question}}». Pruebe con otras palabras.',
  'softphone.ui.robot.failed': 'No se pudieron cargar las sugerencias. Inténtelo de nuevo.',
  'softphone.ui.quality.warning': 'Es posible que el audio de la llamada se entrecorte',
  'softphone.ui.quality.highLoss': 'No llegó el {{percent}} % del audio',
  'softphone.ui.quality.highJitter': 'El audio llega de forma irregular (jitter de {{ms}} ms)',
  'softphone.ui.quality.highRtt': 'Retardo alto: {{ms}} ms de ida y vuelta',
  'softphone.ui.quality.lowMos': 'Calidad estimada: {{mos}} de 5',
  'softphone.event.callQualityChange':
    'El audio de la llamada en curso cruzó un umbral de calidad o volvió por debajo: se emite cuando aparece o desaparece un aviso, con las cifras del último segundo.',
  'softphone.shape.CallQuality':
    'La calidad de una llamada en curso, a partir de sus propias estadísticas, calificada con el modelo E (UIT-T G.107) como en la página de diagnóstico.',
  'softphone.field.quality': 'La calidad de la llamada.',
  'softphone.field.warnings':
    'Los avisos activos: highLoss (más del 3 % de paquetes perdidos), highJitter (más de 30 ms), highRtt (ida y vuelta de más de 400 ms), lowMos (índice R por debajo de 70). Vacío cuando todos han desaparecido.',
  'softphone.field.mos': 'Puntuación media de opinión (MOS) estimada, de 1 a 4,5.',
  'softphone.field.r': 'El índice R del modelo E, de 0 a 100.',
  'softphone.field.verdict': 'La calificación: good (R de 80 o más), acceptable (70 o más), poor (60 o más) o bad.',
  'softphone.field.loss_percent': 'Porcentaje de paquetes de audio del último segundo que se perdieron.',
  'softphone.field.jitter_ms': 'Jitter del audio recibido, en milisegundos.',
  'softphone.field.rtt_ms': 'Ida y vuelta de la ruta de medios, en milisegundos; null hasta que se conoce.',
  'softphone.ui.page.devices': 'Dispositivos',
  'softphone.ui.devices.microphone': 'Micrófono',
  'softphone.ui.devices.speaker': 'Altavoz (llamada)',
  'softphone.ui.devices.ringer': 'Timbre (llamadas entrantes)',
  'softphone.ui.devices.default': 'Predeterminado del navegador',
  'softphone.ui.devices.unnamed': 'Dispositivo {{number}}',
  'softphone.ui.devices.allowHint':
    'El navegador muestra los nombres de sus dispositivos cuando el teléfono tiene permiso para usar el micrófono.',
  'softphone.ui.devices.allow': 'Mostrar mis dispositivos',
  'softphone.ui.devices.level': 'Nivel del micrófono',
  'softphone.ui.devices.testing': 'Reproduciendo…',
  'softphone.ui.devices.test.speaker': 'Probar el altavoz',
  'softphone.ui.devices.test.ringer': 'Probar el timbre',
  'softphone.ui.devices.noOutputSelection':
    'Este navegador no permite elegir dónde se reproduce el sonido: la llamada y el timbre usan la salida del sistema.',
  'softphone.ui.devices.lost.microphone':
    'El micrófono elegido ya no está disponible; el teléfono usa ahora el predeterminado.',
  'softphone.ui.devices.lost.speaker':
    'El altavoz elegido ya no está disponible; la llamada se oye ahora por la salida predeterminada.',
  'softphone.ui.devices.lost.ringer':
    'El dispositivo de timbre elegido ya no está disponible; las llamadas suenan ahora por la salida predeterminada.',
  'softphone.method.getDevices':
    'Enumera los micrófonos y las salidas de audio de este navegador, y los que eligió el agente.',
  'softphone.method.setDevices':
    "Elige el micrófono, el altavoz de la llamada y el timbre de las llamadas entrantes ('' para el predeterminado del navegador). Si alguno de los dispositivos indicados no existe, no se cambia nada. La elección se guarda en este navegador.",
  'softphone.param.device.microphone': "El device_id del micrófono; '' para el predeterminado del navegador.",
  'softphone.param.device.speaker': "La salida del sonido de la llamada; '' para la predeterminada del navegador.",
  'softphone.param.device.ringer': "La salida del timbre; '' para la predeterminada del navegador.",
  'softphone.event.devicesChange':
    'Cambiaron los dispositivos del navegador o la elección del agente. lost indica los tipos cuyo dispositivo elegido se desconectó: el teléfono pasa a usar el predeterminado, y una llamada en curso continúa en él.',
  'softphone.shape.DeviceList': 'Los dispositivos de audio del navegador del agente y los elegidos.',
  'softphone.shape.AudioDevice': 'Un micrófono o una salida de audio.',
  'softphone.shape.DeviceChoice': "El dispositivo elegido de cada tipo; '' es el predeterminado del navegador.",
  'softphone.field.microphones': 'Los micrófonos.',
  'softphone.field.outputs': 'Las salidas de audio (altavoces, auriculares), para el altavoz y el timbre.',
  'softphone.field.selected': 'Los dispositivos elegidos.',
  'softphone.field.output_selection':
    'Si este navegador puede enviar el sonido a una salida elegida (setSinkId); false en Safari.',
  'softphone.field.device_id': 'El identificador del dispositivo en el navegador, estable para este sitio.',
  'softphone.field.deviceLabel':
    'El nombre del dispositivo; vacío hasta que el teléfono tenga permiso para usar el micrófono.',
  'softphone.field.lost': 'Los tipos cuyo dispositivo elegido dejó de estar disponible: microphone, speaker, ringer.',
  'softphone.field.devices': 'Los dispositivos de este navegador y la elección del agente.',
} satisfies SoftphoneMessages;
