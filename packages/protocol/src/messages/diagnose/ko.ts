import type { DiagnoseMessages } from './en.js';

export default {
  'diagnose.title': '오픈 플랫폼 진단 도구',
  'diagnose.notAvailableYet': '이 페이지는 아직 이용할 수 없습니다.',
} satisfies DiagnoseMessages;
