import type { ShellMessages } from './en.js';

export default {
  'shell.hello': 'Hallo',
  'shell.helloName': 'Hallo, {{name}}',
  'shell.language': 'Sprache',
  'shell.mainNav': 'Hauptnavigation',
  'shell.nav.doc': 'Dokumentation',
  'shell.nav.cms': 'CMS',
  'shell.nav.demo': 'Softphone-Demo',
  'shell.nav.diagnose': 'Diagnose',
  'shell.loading': 'Wird geladen…',
  'shell.chunkLoadError':
    'Ein Teil dieser Seite konnte nicht geladen werden. Prüfen Sie Ihre Verbindung und laden Sie die Seite dann neu.',
  'shell.renderError': 'Auf dieser Seite ist ein Fehler aufgetreten. Neu laden hilft in der Regel.',
  'shell.reload': 'Neu laden',

  'shell.common.edit': 'Bearbeiten',
  'shell.common.delete': 'Löschen',
  'shell.common.save': 'Speichern',
  'shell.common.cancel': 'Abbrechen',
  'shell.common.ok': 'OK',
  'shell.common.refresh': 'Aktualisieren',
  'shell.common.confirmDelete': 'Möchten Sie das Löschen wirklich bestätigen?',
  'shell.common.confirmSwitch': 'Wechsel bestätigen?',
  'shell.common.formInvalid': 'Die Prüfung der Formularfelder ist fehlgeschlagen!',
  'shell.common.networkError':
    'Der Server ist nicht erreichbar. Prüfen Sie Ihre Verbindung und versuchen Sie es erneut.',
  'shell.common.copied': 'Kopiert',
  'shell.common.copyFailed':
    'Kopieren nicht möglich: Der Browser hat den Zugriff auf die Zwischenablage nicht erlaubt.',
} satisfies ShellMessages;
