import type { DiagnoseMessages } from './en.js';

export default {
  'diagnose.title': 'Диагностика открытой платформы',
  'diagnose.notAvailableYet': 'Эта страница пока недоступна.',
} satisfies DiagnoseMessages;
