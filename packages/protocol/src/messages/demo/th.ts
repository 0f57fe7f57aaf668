import type { DemoMessages } from './en.js';

export default {
  'demo.title': 'เดโมทดลองใช้งาน Icall',
  'demo.notAvailableYet': 'หน้านี้ยังไม่เปิดให้ใช้งาน',
} satisfies DemoMessages;
