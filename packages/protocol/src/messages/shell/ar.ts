import type { ShellMessages } from './en.js';

export default {
  'shell.hello': 'مرحبًا',
  'shell.helloName': 'مرحبًا، {{name}}',
  'shell.language': 'اللغة',
  'shell.mainNav': 'التنقل الرئيسي',
  'shell.nav.doc': 'الوثائق',
  'shell.nav.cms': 'CMS',
  'shell.nav.demo': 'عرض توضيحي للهاتف البرمجي',
  'shell.nav.diagnose': 'التشخيص',
  'shell.loading': 'جارٍ التحميل…',
  'shell.chunkLoadError': 'تعذّر تحميل جزء من هذه الصفحة. تحقّق من اتصالك، ثم أعد تحميل الصفحة.',
  'shell.renderError': 'حدث خطأ في هذه الصفحة. عادةً ما تحلّ إعادة التحميل المشكلة.',
  'shell.reload': 'إعادة التحميل',

  'shell.common.edit': 'تعديل',
  'shell.common.delete': 'حذف',
  'shell.common.save': 'حفظ',
  'shell.common.cancel': 'إلغاء',
  'shell.common.ok': 'موافق',
  'shell.common.refresh': 'تحديث',
  'shell.common.confirmDelete': 'هل تريد تأكيد الحذف؟',
  'shell.common.confirmSwitch': 'هل تريد تأكيد التبديل؟',
  'shell.common.formInvalid': 'فشل التحقق من حقول النموذج!',
  'shell.common.networkError': 'تعذّر الوصول إلى الخادم. تحقّق من اتصالك وحاول مرة أخرى.',
  'shell.common.copied': 'تم النسخ',
  'shell.common.copyFailed': 'تعذّر النسخ: لم يسمح المتصفح بالوصول إلى الحافظة.',
} satisfies ShellMessages;
