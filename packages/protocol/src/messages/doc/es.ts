import type { DocMessages } from './en.js';

export default {
  'doc.title': 'Documentación de la plataforma abierta',
  'doc.version': 'Versión',
  'doc.fullVersion': 'Versión completa',
  'doc.selectedVersion': 'Está consultando: {{version}}',
  'doc.contentComingSoon': 'Los documentos de esta versión aparecerán aquí.',
  'doc.admonition.tip': 'Consejo',
  'doc.admonition.note': 'Nota',
  'doc.admonition.warning': 'Advertencia',
  'doc.admonition.danger': 'Peligro',
} satisfies DocMessages;
