import type { DocMessages } from './en.js';

export default {
  'doc.title': 'Dokumentasi platform terbuka',
  'doc.version': 'Versi',
  'doc.fullVersion': 'Versi lengkap',
  'doc.selectedVersion': 'Anda sedang membaca: {{version}}',
  'doc.contentComingSoon': 'Dokumen untuk versi ini akan ditampilkan di sini.',
  'doc.admonition.tip': 'Tips',
  'doc.admonition.note': 'Catatan',
  'doc.admonition.warning': 'Peringatan',
  'doc.admonition.danger': 'Bahaya',
} satisfies DocMessages;
