import type { DocMessages } from './en.js';

export default {
  'doc.title': 'Documentazione della piattaforma aperta',
  'doc.version': 'Versione',
  'doc.fullVersion': 'Versione completa',
  'doc.selectedVersion': 'Stai leggendo: {{version}}',
  'doc.contentComingSoon': 'I documenti di questa versione verranno visualizzati qui.',
} satisfies DocMessages;
