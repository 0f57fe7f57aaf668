import type { DocMessages } from './en.js';

export default {
  'doc.title': 'وثائق المنصة المفتوحة',
  'doc.version': 'الإصدار',
  'doc.fullVersion': 'الإصدار الكامل',
  'doc.selectedVersion': 'تقرأ حاليًا: {{version}}',
  'doc.contentComingSoon': 'ستظهر مستندات هذا الإصدار هنا.',
  'doc.admonition.tip': 'نصيحة',
  'doc.admonition.note': 'ملاحظة',
  'doc.admonition.warning': 'تحذير',
  'doc.admonition.danger': 'خطر',
} satisfies DocMessages;
