import type { DocMessages } from './en.js';

export default {
  'doc.title': 'Dokumentasi platform terbuka',
  'doc.version': 'Versi',
  'doc.fullVersion': 'Versi penuh',
  'doc.selectedVersion': 'Anda sedang membaca: {{version}}',
  'doc.contentComingSoon': 'Dokumen versi ini akan dipaparkan di sini.',
  'doc.admonition.tip': 'Petua',
  'doc.admonition.note': 'Nota',
  'doc.admonition.warning': 'Amaran',
  'doc.admonition.danger': 'Bahaya',
} satisfies DocMessages;
