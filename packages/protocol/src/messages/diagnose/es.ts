import type { DiagnoseMessages } from './en.js';

export default {
  'diagnose.title': 'Diagnóstico de la plataforma abierta',
  'diagnose.notAvailableYet': 'Esta página aún no está disponible.',
} satisfies DiagnoseMessages;
