import type { DiagnoseMessages } from './en.js';

export default {
  'diagnose.title': '开放平台诊断工具',
  'diagnose.notAvailableYet': '此页面暂未开放。',
} satisfies DiagnoseMessages;
