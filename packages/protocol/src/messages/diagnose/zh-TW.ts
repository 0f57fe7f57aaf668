import type { DiagnoseMessages } from './en.js';

export default {
  'diagnose.title': '開放平台診斷工具',
  'diagnose.notAvailableYet': '此頁面尚未開放。',
} satisfies DiagnoseMessages;
