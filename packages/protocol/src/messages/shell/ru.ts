import type { ShellMessages } from './en.js';

export default {
  'shell.hello': 'Здравствуйте',
  'shell.helloName': 'Здравствуйте, {{name}}',
  'shell.language': 'Язык',
  'shell.mainNav': 'Основная навигация',
  'shell.nav.doc': 'Документация',
  'shell.nav.cms': 'CMS',
  'shell.nav.demo': 'Демо софтфона',
  'shell.nav.diagnose': 'Диагностика',
  'shell.loading': 'Загрузка…',
  'shell.chunkLoadError': 'Не удалось загрузить часть страницы. Проверьте подключение и перезагрузите страницу.',
  'shell.renderError': 'На странице произошла ошибка. Обычно помогает перезагрузка.',
  'shell.reload': 'Перезагрузить',

  'shell.common.edit': 'Изменить',
  'shell.common.delete': 'Удалить',
  'shell.common.save': 'Сохранить',
  'shell.common.cancel': 'Отмена',
  'shell.common.ok': 'ОК',
  'shell.common.refresh': 'Обновить',
  'shell.common.confirmDelete': 'Подтвердить удаление?',
  'shell.common.confirmSwitch': 'Подтвердить переключение?',
  'shell.common.formInvalid': 'Ошибка проверки полей формы!',
  'shell.common.networkError': 'Не удалось подключиться к серверу. Проверьте подключение и повторите попытку.',
  'shell.common.copied': 'Скопировано',
  'shell.common.copyFailed': 'Не удалось скопировать: браузер не разрешил доступ к буферу обмена.',
} satisfies ShellMessages;
