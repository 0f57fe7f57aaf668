import type { DocMessages } from './en.js';

export default {
  'doc.title': 'Tài liệu nền tảng mở',
  'doc.version': 'Phiên bản',
  'doc.fullVersion': 'Phiên bản đầy đủ',
  'doc.selectedVersion': 'Bạn đang xem: {{version}}',
  'doc.contentComingSoon': 'Tài liệu của phiên bản này sẽ hiển thị tại đây.',
  'doc.admonition.tip': 'Mẹo',
  'doc.admonition.note': 'Lưu ý',
  'doc.admonition.warning': 'Cảnh báo',
  'doc.admonition.danger': 'Nguy hiểm',
} satisfies DocMessages;
