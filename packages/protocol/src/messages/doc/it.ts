import type { DocMessages } from './en.js';

export default {
  'doc.title': 'Documentazione della piattaforma aperta',
  'doc.version': 'Versione',
  'doc.fullVersion': 'Versione completa',
  'doc.selectedVersion': 'Stai leggendo: {{version}}',
  'doc.contentComingSoon': 'I documenti di questa versione verranno visualizzati qui.',
  'doc.admonition.tip': 'Suggerimento',
  'doc.admonition.note': 'Nota',
  'doc.admonition.warning': 'Attenzione',
  'doc.admonition.danger': 'Pericolo',
} satisfies DocMessages;
