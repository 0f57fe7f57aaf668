import type { DocMessages } from './en.js';

export default {
  'doc.title': '开放平台文档',
  'doc.version': '版本',
  'doc.fullVersion': '全量版本',
  'doc.selectedVersion': '当前阅读：{{version}}',
  'doc.contentComingSoon': '该版本的文档将显示在这里。',
} satisfies DocMessages;
