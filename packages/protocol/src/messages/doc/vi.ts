import type { DocMessages } from './en.js';

export default {
  'doc.title': 'Tài liệu nền tảng mở',
  'doc.version': 'Phiên bản',
  'doc.fullVersion': 'Phiên bản đầy đủ',
  'doc.selectedVersion': 'Bạn đang xem: {{version}}',
  'doc.contentComingSoon': 'Tài liệu của phiên bản này sẽ hiển thị tại đây.',
} satisfies DocMessages;
