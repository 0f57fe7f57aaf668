import type { DiagnoseMessages } from './en.js';

export default {
  'diagnose.title': 'Diagnostica della piattaforma aperta',
  'diagnose.notAvailableYet': 'Questa pagina non è ancora disponibile.',
} satisfies DiagnoseMessages;
