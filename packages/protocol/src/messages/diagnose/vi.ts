import type { DiagnoseMessages } from './en.js';

export default {
  'diagnose.title': 'Chẩn đoán nền tảng mở',
  'diagnose.notAvailableYet': 'Trang này hiện chưa khả dụng.',
} satisfies DiagnoseMessages;
