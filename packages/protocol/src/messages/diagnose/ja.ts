import type { DiagnoseMessages } from './en.js';

export default {
  'diagnose.title': 'オープンプラットフォーム 診断ツール',
  'diagnose.notAvailableYet': 'このページはまだご利用いただけません。',
} satisfies DiagnoseMessages;
