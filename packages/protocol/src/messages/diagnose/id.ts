import type { DiagnoseMessages } from './en.js';

export default {
  'diagnose.title': 'Diagnostik platform terbuka',
  'diagnose.notAvailableYet': 'Halaman ini belum tersedia.',
} satisfies DiagnoseMessages;
