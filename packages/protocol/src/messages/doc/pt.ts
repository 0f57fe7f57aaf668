import type { DocMessages } from './en.js';

export default {
  'doc.title': 'Documentação da plataforma aberta',
  'doc.version': 'Versão',
  'doc.fullVersion': 'Versão completa',
  'doc.selectedVersion': 'Versão selecionada: {{version}}',
  'doc.contentComingSoon': 'Os documentos desta versão aparecerão aqui.',
} satisfies DocMessages;
