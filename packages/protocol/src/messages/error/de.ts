import type { ErrorMessages } from './en.js';

export default {
  'error.badJson': 'Der Anfragetext ist kein gültiges JSON.',
  'error.badUrl': 'Die Adresse dieser Anfrage ist ungültig.',
  'error.badRequest': 'Die Anfrage konnte nicht gelesen werden. Bitte senden Sie sie erneut.',
  'error.crossSiteRequest':
    'Diese Anfrage kam von einer anderen Website und wurde abgelehnt. Öffnen Sie die Seite auf diesem Server und versuchen Sie es erneut.',
  'error.requestTimeout':
    'Die Anfrage kam zu langsam an und wurde abgebrochen. Prüfen Sie Ihre Verbindung und versuchen Sie es erneut.',
  'error.invalidField': 'Die Anfrage enthält ein ungültiges Feld: {{detail}}',
  'error.notLoggedIn': 'Bitte melden Sie sich zuerst an.',
  'error.wrongCredentials': 'Kontoname oder Passwort ist falsch.',
  'error.apiNotFound': 'Unter {{path}} gibt es keine API.',
  'error.notFound': 'Unter {{path}} wurde nichts gefunden.',
  'error.versionNotFound': 'Diese Version existiert nicht. Möglicherweise wurde sie gelöscht.',
  'error.versionNameTaken': 'Eine Version mit diesem Namen existiert bereits.',
  'error.defaultVersionRequired':
    'Eine Version muss die Standardversion bleiben. Legen Sie stattdessen eine andere Version als Standard fest.',
  'error.concurrentUpdate':
    'Jemand anderes hat dies gleichzeitig geändert. Laden Sie die Seite neu und versuchen Sie es erneut.',
  'error.bodyTooLarge': 'Die Anfrage ist zu groß (höchstens {{max}} Byte).',
  'error.unsupportedMediaType': 'Senden Sie die Anfrage als JSON (Content-Type: application/json).',
  'error.tooManyLoginAttempts':
    'Zu viele fehlgeschlagene Anmeldeversuche. Versuchen Sie es in {{minutes}} Minuten erneut.',
  'error.internal': 'Auf dem Server ist ein Fehler aufgetreten. Bitte versuchen Sie es erneut.',

  'error.field.required': '„{{field}}“ ist erforderlich.',
  'error.field.tooLong': '„{{field}}“ darf höchstens {{max}} Zeichen lang sein.',
  'error.field.tooShort': '„{{field}}“ muss mindestens {{min}} Zeichen lang sein.',
  'error.field.tooBig': '„{{field}}“ darf höchstens {{max}} sein.',
  'error.field.tooSmall': '„{{field}}“ muss mindestens {{min}} sein.',
  'error.field.wrongType': '„{{field}}“ hat einen Wert vom falschen Typ.',
  'error.field.unknown': '„{{field}}“ ist kein Feld dieser Anfrage.',
  'error.field.notAllowed': '„{{field}}“ hat einen unzulässigen Wert.',
  'error.field.badCharacter': '„{{field}}“ enthält ein unzulässiges Zeichen.',
  'error.resourceNotFound': 'Dieses Dokument existiert nicht oder ist nicht veröffentlicht.',
  'error.categoryNotFound': 'Diese Kategorie existiert nicht oder ist nicht veröffentlicht.',
} satisfies ErrorMessages;
