import type { DiagnoseMessages } from './en.js';

export default {
  'diagnose.title': 'تشخيص المنصة المفتوحة',
  'diagnose.notAvailableYet': 'هذه الصفحة غير متاحة بعد.',
} satisfies DiagnoseMessages;
