import type { DocMessages } from './en.js';

export default {
  'doc.title': 'เอกสารแพลตฟอร์มเปิด',
  'doc.version': 'เวอร์ชัน',
  'doc.fullVersion': 'เวอร์ชันเต็ม',
  'doc.selectedVersion': 'กำลังอ่าน: {{version}}',
  'doc.contentComingSoon': 'เอกสารของเวอร์ชันนี้จะแสดงที่นี่',
  'doc.admonition.tip': 'เคล็ดลับ',
  'doc.admonition.note': 'หมายเหตุ',
  'doc.admonition.warning': 'คำเตือน',
  'doc.admonition.danger': 'อันตราย',
} satisfies DocMessages;
