import type { DiagnoseMessages } from './en.js';

export default {
  'diagnose.title': 'Diagnostics ng open platform',
  'diagnose.notAvailableYet': 'Hindi pa available ang page na ito.',
} satisfies DiagnoseMessages;
