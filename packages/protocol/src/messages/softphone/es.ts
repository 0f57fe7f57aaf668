import type { SoftphoneMessages } from './en.js';

export default {
  'softphone.title': 'Softphone',

  'softphone.param.serverUrl':
    'Dirección del servidor de la plataforma abierta desde el que el softphone carga sus archivos y datos.',
  'softphone.param.token':
    'Token de inicio de sesión obtenido del servicio Basic. El softphone lo usa para autenticar su conexión.',
  'softphone.param.mini': 'Muestra el softphone compacto: solo el estado y los controles de llamada.',
  'softphone.param.assistantRobot':
    'Muestra el robot asistente, que sugiere respuestas a partir de la documentación. Solo funciona para los agentes que lo tienen habilitado.',
  'softphone.param.lang':
    'Idioma de la interfaz. Déjelo vacío para usar el idioma predeterminado del inquilino o, si no lo hay, chino simplificado.',
  'softphone.param.statusBar': 'Muestra la barra de estado superior con el estado del agente y el de la conexión.',
  'softphone.param.dialPad': 'Muestra el teclado de marcación.',
  'softphone.param.internalCall': 'Permite llamar a los compañeros por su extensión.',
  'softphone.param.volteVideo': 'Añade vídeo a las llamadas internas.',
  'softphone.param.visible':
    'Muestra el softphone al cargarse. Ocúltelo para que siga funcionando sin estar a la vista.',
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
  'softphone.method.transferExternal': 'Transfiere la llamada a un número externo.',
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
  'softphone.event.interruptionCancelled':
    'La conexión se ha recuperado a tiempo: interrupción de la comunicación cancelada.',

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
  'softphone.field.from': 'El agente que lo envió.',
  'softphone.field.signal': 'La descripción de sesión WebRTC o el candidato ICE.',
  'softphone.field.missed_events': 'Cuántos eventos se volvieron a enviar después de la interrupción.',
} satisfies SoftphoneMessages;
