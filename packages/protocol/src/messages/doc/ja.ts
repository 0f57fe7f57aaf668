import type { DocMessages } from './en.js';

export default {
  'doc.title': 'オープンプラットフォーム ドキュメント',
  'doc.version': 'バージョン',
  'doc.fullVersion': '完全版',
  'doc.selectedVersion': '閲覧中のバージョン：{{version}}',
  'doc.contentComingSoon': 'このバージョンのドキュメントはここに表示されます。',
} satisfies DocMessages;
