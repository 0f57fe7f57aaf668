import type { DiagnoseMessages } from './en.js';

export default {
  'diagnose.title': 'Diagnóstico da plataforma aberta',
  'diagnose.notAvailableYet': 'Esta página ainda não está disponível.',
} satisfies DiagnoseMessages;
