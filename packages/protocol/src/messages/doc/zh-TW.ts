import type { DocMessages } from './en.js';

export default {
  'doc.title': '開放平台文件',
  'doc.version': '版本',
  'doc.fullVersion': '完整版本',
  'doc.selectedVersion': '目前閱讀：{{version}}',
  'doc.contentComingSoon': '此版本的文件將顯示於此。',
  'doc.admonition.tip': '提示',
  'doc.admonition.note': '注意',
  'doc.admonition.warning': '警告',
  'doc.admonition.danger': '危險',
} satisfies DocMessages;
