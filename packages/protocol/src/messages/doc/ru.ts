import type { DocMessages } from './en.js';

export default {
  'doc.title': 'Документация открытой платформы',
  'doc.version': 'Версия',
  'doc.fullVersion': 'Полная версия',
  'doc.selectedVersion': 'Выбранная версия: {{version}}',
  'doc.contentComingSoon': 'Здесь появятся документы этой версии.',
  'doc.admonition.tip': 'Совет',
  'doc.admonition.note': 'Примечание',
  'doc.admonition.warning': 'Предупреждение',
  'doc.admonition.danger': 'Опасно',
} satisfies DocMessages;
