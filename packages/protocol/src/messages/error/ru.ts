import type { ErrorMessages } from './en.js';

export default {
  'error.badJson': 'Тело запроса не является корректным JSON.',
  'error.badUrl': 'Адрес этого запроса недействителен.',
  'error.badRequest': 'Не удалось прочитать запрос. Отправьте его ещё раз.',
  'error.crossSiteRequest':
    'Запрос пришёл с другого сайта и был отклонён. Откройте страницу на этом сервере и повторите попытку.',
  'error.requestTimeout': 'Запрос шёл слишком долго и был отменён. Проверьте подключение и повторите попытку.',
  'error.invalidField': 'В запросе есть недопустимое поле: {{detail}}',
  'error.notLoggedIn': 'Сначала войдите в систему.',
  'error.wrongCredentials': 'Неверный логин или пароль.',
  'error.apiNotFound': 'По адресу {{path}} нет API.',
  'error.notFound': 'По адресу {{path}} ничего не найдено.',
  'error.versionNotFound': 'Такой версии нет. Возможно, она была удалена.',
  'error.versionNameTaken': 'Версия с таким названием уже существует.',
  'error.defaultVersionRequired':
    'Одна из версий должна оставаться версией по умолчанию. Вместо этого назначьте по умолчанию другую версию.',
  'error.concurrentUpdate':
    'Эти данные одновременно изменил кто-то другой. Перезагрузите страницу и повторите попытку.',
  'error.bodyTooLarge': 'Слишком большой запрос (не более {{max}} байт).',
  'error.unsupportedMediaType': 'Отправьте запрос в формате JSON (Content-Type: application/json).',
  'error.tooManyLoginAttempts': 'Слишком много неудачных попыток входа. Повторите попытку через {{minutes}} мин.',
  'error.internal': 'На сервере произошла ошибка. Повторите попытку.',

  'error.field.required': 'Поле «{{field}}» обязательно для заполнения.',
  'error.field.tooLong': 'Поле «{{field}}» должно содержать не более {{max}} симв.',
  'error.field.tooShort': 'Поле «{{field}}» должно содержать не менее {{min}} симв.',
  'error.field.tooBig': 'Значение поля «{{field}}» должно быть не больше {{max}}.',
  'error.field.tooSmall': 'Значение поля «{{field}}» должно быть не меньше {{min}}.',
  'error.field.wrongType': 'Поле «{{field}}» содержит значение неверного типа.',
  'error.field.unknown': 'Поле «{{field}}» не предусмотрено в этом запросе.',
  'error.field.notAllowed': 'Поле «{{field}}» содержит недопустимое значение.',
  'error.field.badCharacter': '«{{field}}» содержит недопустимый символ.',
  'error.resourceNotFound': 'Этот документ не существует или не опубликован.',
  'error.categoryNotFound': 'Этот раздел не существует или не опубликован.',
} satisfies ErrorMessages;
