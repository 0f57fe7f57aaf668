import type { DocMessages } from './en.js';

export default {
  'doc.title': 'Documentação da plataforma aberta',
  'doc.version': 'Versão',
  'doc.fullVersion': 'Versão completa',
  'doc.selectedVersion': 'Versão selecionada: {{version}}',
  'doc.contentComingSoon': 'Os documentos desta versão aparecerão aqui.',
  'doc.admonition.tip': 'Dica',
  'doc.admonition.note': 'Observação',
  'doc.admonition.warning': 'Aviso',
  'doc.admonition.danger': 'Perigo',
} satisfies DocMessages;
