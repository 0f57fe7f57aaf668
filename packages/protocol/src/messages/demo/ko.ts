import type { DemoMessages } from './en.js';

export default {
  'demo.title': 'Icall 체험 데모',
  'demo.notAvailableYet': '이 페이지는 아직 이용할 수 없습니다.',
} satisfies DemoMessages;
