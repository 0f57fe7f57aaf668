import type { DocMessages } from './en.js';

export default {
  'doc.title': 'オープンプラットフォーム ドキュメント',
  'doc.version': 'バージョン',
  'doc.fullVersion': '完全版',
  'doc.selectedVersion': '閲覧中のバージョン：{{version}}',
  'doc.contentComingSoon': 'このバージョンのドキュメントはここに表示されます。',
  'doc.admonition.tip': 'ヒント',
  'doc.admonition.note': '注記',
  'doc.admonition.warning': '警告',
  'doc.admonition.danger': '危険',
} satisfies DocMessages;
