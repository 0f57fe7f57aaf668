import type { DiagnoseMessages } from './en.js';

export default {
  'diagnose.title': 'เครื่องมือวินิจฉัยแพลตฟอร์มเปิด',
  'diagnose.notAvailableYet': 'หน้านี้ยังไม่เปิดให้ใช้งาน',
} satisfies DiagnoseMessages;
