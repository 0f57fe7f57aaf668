import type { ErrorMessages } from './en.js';

export default {
  'error.badJson': 'El cuerpo de la solicitud no es un JSON válido.',
  'error.badUrl': 'La dirección de esta solicitud no es válida.',
  'error.missingHost': 'A esta solicitud le falta la cabecera Host, que HTTP/1.1 exige.',
  'error.badRequest': 'No se pudo leer la solicitud. Vuelve a enviarla.',
  'error.crossSiteRequest':
    'Esta solicitud venía de otro sitio y se ha rechazado. Abre la página en este servidor e inténtalo de nuevo.',
  'error.requestTimeout':
    'La solicitud tardó demasiado en llegar y se canceló. Comprueba tu conexión e inténtalo de nuevo.',
  'error.invalidField': 'La solicitud contiene un campo no válido: {{detail}}',
  'error.notLoggedIn': 'Inicie sesión primero.',
  'error.wrongCredentials': 'Cuenta o contraseña incorrectas.',
  'error.apiNotFound': 'No existe ninguna API en {{path}}.',
  'error.notFound': 'No se encontró nada en {{path}}.',
  'error.versionNotFound': 'Esta versión no existe. Es posible que se haya eliminado.',
  'error.versionNameTaken': 'Ya existe una versión con este nombre.',
  'error.defaultVersionRequired':
    'Siempre debe haber una versión predeterminada. Establezca otra versión como predeterminada.',
  'error.concurrentUpdate': 'Otra persona lo ha modificado al mismo tiempo. Vuelva a cargar e inténtelo de nuevo.',
  'error.bodyTooLarge': 'La solicitud es demasiado grande (máximo {{max}} bytes).',
  'error.unsupportedMediaType': 'Envíe la solicitud como JSON (Content-Type: application/json).',
  'error.tooManyLoginAttempts':
    'Demasiados intentos de inicio de sesión fallidos. Inténtelo de nuevo dentro de {{seconds}} s.',
  'error.diagTransferLimit':
    'Esta dirección ya ha usado su parte de la prueba de ancho de banda por ahora. Inténtelo de nuevo dentro de {{seconds}} s.',
  'error.internal': 'Se ha producido un error en el servidor. Inténtelo de nuevo.',
  'error.databaseUnavailable':
    'No se puede acceder a la base de datos en este momento. Inténtelo de nuevo en unos segundos.',
  'error.serverStopping': 'El servidor se está reiniciando. Inténtelo de nuevo en unos segundos.',
  'error.callCentreUnavailable':
    'El centro de llamadas se está trasladando a otro servidor. Vuelva a intentarlo en unos segundos.',
  'error.socketMissing': 'No existe ninguna instancia de socket. Inicie primero el teléfono con init().',
  'error.cannotSend': 'No se pueden enviar mensajes: el teléfono aún no se ha cargado.',
  'error.connectionDown':
    'La conexión está caída o no disponible. El teléfono se está reconectando; inténtelo de nuevo en un momento.',
  'error.sessionEnded':
    'La sesión del teléfono ha terminado (sesión cerrada, tomada en otra pestaña o cerrada), así que ya no acepta solicitudes. Vuelva a iniciar el teléfono o recupere al agente.',
  'error.phoneNotReady':
    'El teléfono aún no ha iniciado sesión, así que la solicitud no se envió. Espere a que el teléfono esté listo e inténtelo de nuevo.',
  'error.engineTimeout':
    'El centro de llamadas no respondió a tiempo, así que se desconoce el resultado. Compruebe el estado del teléfono y vuelva a intentarlo.',

  'error.ssoTokenInvalid': 'No se pudo obtener la firma SSO: el token de clave pública SSO no es válido.',
  'error.ssoAccountUnknown': 'No se pudo obtener la firma SSO: ningún agente de este inquilino tiene esta cuenta.',
  'error.ssoSignatureInvalid':
    'No se pudo obtener el token de inicio de sesión a través del servicio Basic. La firma SSO no es válida o ha caducado; solicite una nueva.',
  'error.ssoSignatureUsed':
    'No se pudo obtener el token de inicio de sesión a través del servicio Basic. Esta firma SSO ya se ha utilizado; solicite una nueva.',
  'error.basicLoginFailed':
    'No se pudo obtener el token de inicio de sesión a través del servicio Basic. Compruebe la cuenta y la contraseña.',
  'error.agentDisabled':
    'No se pudo obtener el token de inicio de sesión a través del servicio Basic. Esta cuenta de agente está desactivada.',
  'error.accountAmbiguous':
    'Este número de empleado existe en varios inquilinos. Inicie sesión con su dirección de correo electrónico.',
  'error.loginTokenInvalid':
    'Error de autenticación de inicio de sesión: el token de inicio de sesión no es válido. Vuelva a iniciar sesión.',
  'error.loginTokenExpired':
    'Error de autenticación de inicio de sesión: el token de inicio de sesión ha caducado. Vuelva a iniciar sesión.',
  'error.loginTokenUsed':
    'Error de autenticación de inicio de sesión: este token de inicio de sesión ya se ha utilizado. Obtenga uno nuevo.',
  'error.socketAuthFailed': 'Error de autenticación del socket.',
  'error.sessionGone': 'No se pudo reanudar la sesión porque ya ha finalizado. Vuelva a iniciar sesión.',
  'error.badFrame': 'No se pudo leer el mensaje: no es un mensaje del protocolo del softphone.',
  'error.unknownMethod': 'No existe ningún método llamado «{{method}}».',
  'error.invalidParams': 'Algunos parámetros no son válidos: {{detail}}',
  'error.checkInNotAllowed': 'Error en el registro de entrada: este agente no tiene permiso para registrar su entrada.',
  'error.checkInNoExtension':
    'Error en el registro de entrada: este agente no tiene extensión. Pida a un administrador que le asigne una.',
  'error.notCheckedIn': 'Registre primero su entrada.',
  'error.alreadyCheckedIn': 'El agente ya ha registrado su entrada.',
  'error.illegalAgentStatus':
    'El agente no puede registrar su salida durante una llamada. Finalice primero la llamada.',
  'error.unknownReason': 'Este motivo de no disponibilidad no figura en la lista del inquilino.',
  'error.unknownWrapUpCode': 'Este código de tipificación no figura en la lista del inquilino.',
  'error.frameTooLarge': 'El mensaje es demasiado grande.',
  'error.tooManyFrames':
    'Demasiados mensajes en poco tiempo. Se ha cerrado la conexión; se volverá a conectar automáticamente.',
  'error.invalidNumber': 'No se puede marcar este número. Compruébelo e inténtelo de nuevo.',
  'error.callNotFound': 'Esta llamada ya no existe.',
  'error.agentInCall': 'El agente ya está en una llamada.',
  'error.illegalCallState': 'No se puede hacer esto en el estado actual de la llamada.',
  'error.transferFailed': 'Error en la transferencia: el número externo no atendió la llamada.',
  'error.trunkTransferUnsupported':
    'Una llamada del troncal SIP se puede pasar a un compañero o a la cola, pero todavía no a un número externo.',
  'error.extensionUnavailable':
    'Esa extensión no puede atender llamadas ahora: el compañero está desconectado o en una llamada, o la extensión no está asignada.',
  'error.internalCallNotAllowed': 'Las llamadas a compañeros están desactivadas en este softphone.',
  'error.numberBlocked':
    'Las llamadas al {{number}} están bloqueadas por el plan de marcación de su centro de llamadas.',
  'error.premiumNumberBlocked':
    'El número {{number}} es de tarificación adicional o por satélite, y el plan de marcación de su centro de llamadas no permite llamar a ese número.',
  'error.internationalNotAllowed':
    'El número {{number}} es del extranjero, y el plan de marcación de su centro de llamadas no le permite hacer llamadas internacionales.',
  'error.tenantNotFound': 'Este inquilino no existe. Es posible que se haya eliminado.',
  'error.agentNotFound': 'Este agente no existe. Es posible que se haya eliminado.',
  'error.agentTaken': 'Otro agente ya utiliza este valor.',
  'error.webhookNotFound': 'Este webhook no existe. Es posible que se haya eliminado.',
  'error.webhookDeliveryNotFound':
    'Esta entrega ya no está en el registro. Las entregas antiguas se eliminan al cabo de un tiempo.',
  'error.apiKeyInvalid':
    'Falta la clave de API, es desconocida o está revocada. Envíela como «Authorization: Bearer opk_…», o cree una nueva en el CMS.',
  'error.apiKeyNotFound': 'Esta clave de API no existe. Es posible que ya se haya revocado.',
  'error.apiKeyLimit': 'Un inquilino puede tener como máximo {{max}} claves de API. Revoque primero una que ya no use.',
  'error.eventCursorUnknown':
    'Los eventos posteriores a este ya no se conservan (los eventos se guardan 30 días), o no es un evento de este inquilino. Empiece de nuevo sin «after» y recupere lo que se perdió a partir de sus propios registros.',
  'error.eventStreamLimit': 'Esta clave de API ya tiene {{max}} flujos abiertos. Cierre uno o use otra clave.',
  'error.webhookLimit': 'Un inquilino puede tener como máximo {{max}} webhooks. Elimine primero uno que ya no use.',
  'error.webhookTargetRefused':
    '{{host}} está en este servidor o en una red privada, y este servidor no envía eventos ahí. Use una dirección accesible desde internet o pida al operador que permita destinos privados (WEBHOOK_PRIVATE_TARGETS).',
  'error.agentAccountRequired':
    'Indique para el agente al menos una dirección de correo electrónico, un número de empleado o un número de móvil con el que iniciar sesión.',

  'error.field.required': 'El campo «{{field}}» es obligatorio.',
  'error.field.tooLong': 'El campo «{{field}}» admite como máximo {{max}} caracteres.',
  'error.field.tooShort': 'El campo «{{field}}» debe tener al menos {{min}} caracteres.',
  'error.field.tooBig': 'El campo «{{field}}» no puede ser mayor que {{max}}.',
  'error.field.tooSmall': 'El campo «{{field}}» no puede ser menor que {{min}}.',
  'error.field.wrongType': 'El campo «{{field}}» tiene un valor de tipo incorrecto.',
  'error.field.unknown': '«{{field}}» no es un campo de esta solicitud.',
  'error.field.notAllowed': 'El campo «{{field}}» tiene un valor no permitido.',
  'error.field.badCharacter': '«{{field}}» contiene un carácter no permitido.',
  'error.field.tooMany': '«{{field}}» admite como máximo {{max}} entradas.',
  'error.field.emptyKey': '«{{field}}» tiene una entrada sin nombre.',
  'error.field.weakPassword':
    '«{{field}}» es demasiado fácil de adivinar: una contraseña común o filtrada, caracteres repetidos o consecutivos, o una palabra de este servicio o de la cuenta. Unas cuantas palabras sin relación entre sí forman una contraseña segura.',
  'error.field.reusedPassword': '«{{field}}» debe ser distinta de la contraseña actual.',
  'error.demoAgentPasswordRefused':
    'Este agente aún tiene la contraseña de demostración publicada, que solo funciona en un servidor accesible únicamente desde este equipo. Pida a un administrador que le asigne una nueva contraseña en el CMS.',
  'error.resourceNotFound': 'Este documento no existe o no está publicado.',
  'error.accountDisabled': 'Esta cuenta se ha desactivado. Pida a un administrador que la vuelva a activar.',
  'error.forbidden': 'Su rol no le permite realizar esta acción. Consulte a un administrador.',
  'error.passwordChangeRequired': 'Cambie la contraseña de demostración antes de continuar.',
  'error.attachmentNotFound': 'Este archivo adjunto no existe. Es posible que se haya eliminado.',
  'error.accountNotFound': 'Esta cuenta no existe. Es posible que se haya eliminado.',
  'error.staleRevision':
    'Otra persona guardó este contenido después de que usted lo abriera. Compare ambas versiones antes de volver a guardar.',
  'error.categoryNotEmpty': 'Esta categoría aún contiene subcategorías o documentos. Muévalos o elimínelos primero.',
  'error.illegalStatusChange':
    'Este cambio de estado no está permitido. Solo puede publicar un elemento no publicado o retirado, o retirar uno publicado.',
  'error.categoryCycle': 'Una categoría no se puede mover dentro de sí misma ni de ninguna de sus subcategorías.',
  'error.attachmentInUse': 'Un documento todavía enlaza a este archivo adjunto. Quite primero el enlace.',
  'error.accountTaken': 'Ya existe una cuenta con este nombre.',
  'error.lastAdmin': 'Este es el último administrador activo. Primero convierta otra cuenta en administrador.',
  'error.sortMismatch': 'La lista cambió mientras la ordenaba. Vuelva a cargar e inténtelo de nuevo.',
  'error.attachmentTooLarge': 'El archivo es demasiado grande (máximo {{max}} MB).',
  'error.unsupportedFileType':
    'Este tipo de archivo no se puede adjuntar. Use una imagen o un archivo PDF, de texto, Markdown, CSV o ZIP.',
  'error.categoryNotFound': 'Esta categoría no existe o no está publicada.',
  'error.deviceNotFound':
    'Este dispositivo no existe en este navegador. Puede que se haya desconectado: llame a getDevices para obtener la lista actual.',
  'error.outputSelectionUnsupported':
    'Este navegador no permite elegir dónde se reproduce el sonido, así que solo se puede usar la salida predeterminada.',
  'error.didTaken': 'El número {{number}} ya suena en otro inquilino. Un número solo puede llegar a un inquilino.',
  'error.telephonyNotConfigured':
    'Este servidor no tiene configurados un socket SIP ni un relé de medios (SIP_LISTEN y RTPENGINE_NG), por lo que no se puede activar una troncal SIP.',
  'error.secretsKeyMissing':
    'Este servidor no tiene una clave para guardar las contraseñas cifradas (SECRETS_KEY), por lo que no se puede guardar la contraseña de la troncal SIP.',
  'error.trunkBusy':
    'Todas las líneas de la conexión telefónica de su centro de llamadas están ocupadas. Vuelva a intentarlo cuando termine una llamada.',
  'error.shortNumberIsExtension':
    'El número {{number}} es la extensión de un agente. Si figura como número corto en el plan de marcación, las llamadas a este número saldrán a la red telefónica en lugar de sonar en esa extensión: quítelo de la lista o cambie la extensión.',
  'error.field.duplicate': '«{{field}}» repite un valor que ya está en la lista.',
  'error.jsonTooDeep':
    'El cuerpo de la solicitud anida listas y objetos a demasiada profundidad (máximo {{max}} niveles).',
  'error.trunkHostForbidden':
    '{{host}} no puede ser el host de una troncal: es una dirección de enlace local o de metadatos de la nube, nunca el servidor SIP de un operador. Introduzca la dirección que le dio su operador.',
} satisfies ErrorMessages;
