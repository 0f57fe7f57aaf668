import type { DiagnoseMessages } from './en.js';

export default {
  'diagnose.title': 'Diagnostic de la plateforme ouverte',
  'diagnose.notAvailableYet': 'Cette page n’est pas encore disponible.',
} satisfies DiagnoseMessages;
