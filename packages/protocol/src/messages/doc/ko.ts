import type { DocMessages } from './en.js';

export default {
  'doc.title': '오픈 플랫폼 문서',
  'doc.version': '버전',
  'doc.fullVersion': '전체 버전',
  'doc.selectedVersion': '현재 보고 있는 버전: {{version}}',
  'doc.contentComingSoon': '이 버전의 문서가 여기에 표시됩니다.',
  'doc.admonition.tip': '팁',
  'doc.admonition.note': '참고',
  'doc.admonition.warning': '경고',
  'doc.admonition.danger': '위험',
} satisfies DocMessages;
