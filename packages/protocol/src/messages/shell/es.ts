import type { ShellMessages } from './en.js';

export default {
  'shell.hello': 'Hola',
  'shell.helloName': 'Hola, {{name}}',
  'shell.language': 'Idioma',
  'shell.mainNav': 'Navegación principal',
  'shell.nav.doc': 'Documentación',
  'shell.nav.cms': 'CMS',
  'shell.nav.demo': 'Demo de softphone',
  'shell.nav.diagnose': 'Diagnóstico',
  'shell.loading': 'Cargando…',
  'shell.chunkLoadError': 'No se pudo cargar parte de esta página. Compruebe su conexión y vuelva a cargarla.',
  'shell.renderError': 'Se ha producido un error en esta página. Volver a cargarla suele solucionarlo.',
  'shell.reload': 'Volver a cargar',

  'shell.common.edit': 'Editar',
  'shell.common.delete': 'Eliminar',
  'shell.common.save': 'Guardar',
  'shell.common.cancel': 'Cancelar',
  'shell.common.ok': 'Aceptar',
  'shell.common.refresh': 'Actualizar',
  'shell.common.confirmDelete': '¿Confirma que desea eliminarlo?',
  'shell.common.confirmSwitch': '¿Confirmar el cambio?',
  'shell.common.formInvalid': '¡Error al validar los campos del formulario!',
  'shell.common.networkError': 'No se pudo conectar con el servidor. Compruebe su conexión e inténtelo de nuevo.',
  'shell.common.copied': 'Copiado',
  'shell.common.copyFailed': 'No se pudo copiar: el navegador no permitió el acceso al portapapeles.',
} satisfies ShellMessages;
