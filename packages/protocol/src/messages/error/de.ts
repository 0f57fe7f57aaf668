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
  'error.accountDisabled': 'Dieses Konto wurde deaktiviert. Bitten Sie einen Administrator, es wieder zu aktivieren.',
  'error.forbidden': 'Ihre Rolle erlaubt diese Aktion nicht. Wenden Sie sich an einen Administrator.',
  'error.passwordChangeRequired': 'Ändern Sie das Demo-Passwort, bevor Sie fortfahren.',
  'error.attachmentNotFound': 'Dieser Anhang existiert nicht. Möglicherweise wurde er gelöscht.',
  'error.accountNotFound': 'Dieses Konto existiert nicht. Möglicherweise wurde es gelöscht.',
  'error.staleRevision':
    'Jemand anderes hat dies gespeichert, nachdem Sie es geöffnet hatten. Vergleichen Sie beide Fassungen, bevor Sie erneut speichern.',
  'error.categoryNotEmpty':
    'Diese Kategorie enthält noch Unterkategorien oder Dokumente. Verschieben oder löschen Sie diese zuerst.',
  'error.illegalStatusChange':
    'Dieser Statuswechsel ist nicht zulässig. Unveröffentlichte oder offline genommene Einträge können veröffentlicht, veröffentlichte offline genommen werden.',
  'error.categoryCycle':
    'Eine Kategorie kann nicht unter sich selbst oder eine ihrer eigenen Unterkategorien verschoben werden.',
  'error.attachmentInUse': 'Ein Dokument verweist noch auf diesen Anhang. Entfernen Sie zuerst den Verweis.',
  'error.accountTaken': 'Ein Konto mit diesem Namen existiert bereits.',
  'error.lastAdmin': 'Dies ist der letzte aktive Administrator. Machen Sie zuerst ein anderes Konto zum Administrator.',
  'error.sortMismatch':
    'Die Liste hat sich während des Sortierens geändert. Laden Sie die Seite neu und versuchen Sie es erneut.',
  'error.attachmentTooLarge': 'Die Datei ist zu groß (höchstens {{max}} MB).',
  'error.unsupportedFileType':
    'Diese Dateiart kann nicht angehängt werden. Verwenden Sie ein Bild oder eine PDF-, Text-, Markdown-, CSV- oder ZIP-Datei.',
  'error.categoryNotFound': 'Diese Kategorie existiert nicht oder ist nicht veröffentlicht.',
} satisfies ErrorMessages;
