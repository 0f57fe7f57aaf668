import type { ShellMessages } from './en.js';

export default {
  'shell.hello': 'Ciao',
  'shell.helloName': 'Ciao, {{name}}',
  'shell.language': 'Lingua',
  'shell.mainNav': 'Navigazione principale',
  'shell.nav.doc': 'Documentazione',
  'shell.nav.cms': 'CMS',
  'shell.nav.demo': 'Demo softphone',
  'shell.nav.diagnose': 'Diagnostica',
  'shell.loading': 'Caricamento…',
  'shell.chunkLoadError':
    'Non è stato possibile caricare parte di questa pagina. Controlla la connessione, poi ricarica.',
  'shell.renderError': 'Si è verificato un problema in questa pagina. Di solito basta ricaricarla.',
  'shell.reload': 'Ricarica',

  'shell.common.edit': 'Modifica',
  'shell.common.delete': 'Elimina',
  'shell.common.save': 'Salva',
  'shell.common.cancel': 'Annulla',
  'shell.common.ok': 'OK',
  'shell.common.refresh': 'Aggiorna',
  'shell.common.confirmDelete': "Confermi l'eliminazione?",
  'shell.common.confirmSwitch': 'Confermi il cambio?',
  'shell.common.formInvalid': 'Convalida dei campi del modulo non riuscita!',
  'shell.common.networkError': 'Impossibile raggiungere il server. Controlla la connessione e riprova.',
  'shell.common.copied': 'Copiato',
  'shell.common.copyFailed': 'Impossibile copiare: il browser non ha consentito l’accesso agli appunti.',
} satisfies ShellMessages;
