import type { ShellMessages } from './en.js';

export default {
  'shell.hello': '안녕하세요',
  'shell.helloName': '안녕하세요, {{name}}님',
  'shell.language': '언어',
  'shell.mainNav': '주 메뉴',
  'shell.nav.doc': '문서',
  'shell.nav.cms': 'CMS',
  'shell.nav.demo': '소프트폰 데모',
  'shell.nav.diagnose': '진단',
  'shell.loading': '불러오는 중…',
  'shell.chunkLoadError': '페이지 일부를 불러오지 못했습니다. 네트워크 연결을 확인한 후 새로고침하세요.',
  'shell.renderError': '이 페이지에서 문제가 발생했습니다. 대개 새로고침하면 해결됩니다.',
  'shell.reload': '새로고침',

  'shell.common.edit': '편집',
  'shell.common.delete': '삭제',
  'shell.common.save': '저장',
  'shell.common.cancel': '취소',
  'shell.common.ok': '확인',
  'shell.common.refresh': '새로고침',
  'shell.common.confirmDelete': '삭제하시겠습니까?',
  'shell.common.confirmSwitch': '전환하시겠습니까?',
  'shell.common.formInvalid': '양식 필드 유효성 검사에 실패했습니다.',
  'shell.common.networkError': '서버에 연결할 수 없습니다. 네트워크 연결을 확인하고 다시 시도하세요.',
  'shell.common.copied': '복사됨',
  'shell.common.copyFailed': '복사하지 못했습니다. 브라우저가 클립보드 접근을 허용하지 않았습니다.',
} satisfies ShellMessages;
