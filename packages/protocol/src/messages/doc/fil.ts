import type { DocMessages } from './en.js';

export default {
  'doc.title': 'Dokumentasyon ng open platform',
  'doc.version': 'Bersyon',
  'doc.fullVersion': 'Buong bersyon',
  'doc.selectedVersion': 'Kasalukuyang binabasa: {{version}}',
  'doc.contentComingSoon': 'Lalabas dito ang mga dokumento ng bersyong ito.',
  'doc.admonition.tip': 'Tip',
  'doc.admonition.note': 'Paalala',
  'doc.admonition.warning': 'Babala',
  'doc.admonition.danger': 'Panganib',
} satisfies DocMessages;
