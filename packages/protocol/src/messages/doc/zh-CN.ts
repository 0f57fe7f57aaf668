import type { DocMessages } from './en.js';

export default {
  'doc.title': '开放平台文档',
  'doc.version': '版本',
  'doc.fullVersion': '全量版本',
  'doc.selectedVersion': '当前阅读：{{version}}',
  'doc.contentComingSoon': '该版本的文档将显示在这里。',
  'doc.admonition.tip': '提示',
  'doc.admonition.note': '注意',
  'doc.admonition.warning': '警告',
  'doc.admonition.danger': '危险',
} satisfies DocMessages;
