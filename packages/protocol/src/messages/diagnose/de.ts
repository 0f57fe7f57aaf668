import type { DiagnoseMessages } from './en.js';

export default {
  'diagnose.title': 'Diagnose der offenen Plattform',
  'diagnose.notAvailableYet': 'Diese Seite ist noch nicht verfügbar.',
} satisfies DiagnoseMessages;
