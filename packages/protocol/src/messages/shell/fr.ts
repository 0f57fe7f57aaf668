import type { ShellMessages } from './en.js';

export default {
  'shell.hello': 'Bonjour',
  'shell.helloName': 'Bonjour {{name}}',
  'shell.language': 'Langue',
  'shell.mainNav': 'Navigation principale',
  'shell.nav.doc': 'Documentation',
  'shell.nav.cms': 'CMS',
  'shell.nav.demo': 'Démo softphone',
  'shell.nav.diagnose': 'Diagnostic',
  'shell.loading': 'Chargement…',
  'shell.chunkLoadError':
    'Une partie de cette page n’a pas pu être chargée. Vérifiez votre connexion, puis rechargez la page.',
  'shell.renderError': 'Une erreur est survenue sur cette page. Un rechargement suffit généralement.',
  'shell.reload': 'Recharger',

  'shell.common.edit': 'Modifier',
  'shell.common.delete': 'Supprimer',
  'shell.common.save': 'Enregistrer',
  'shell.common.cancel': 'Annuler',
  'shell.common.ok': 'OK',
  'shell.common.refresh': 'Actualiser',
  'shell.common.confirmDelete': 'Voulez-vous confirmer la suppression ?',
  'shell.common.confirmSwitch': 'Confirmer le changement ?',
  'shell.common.formInvalid': 'La validation des champs du formulaire a échoué !',
  'shell.common.networkError': 'Impossible de joindre le serveur. Vérifiez votre connexion et réessayez.',
  'shell.common.copied': 'Copié',
  'shell.common.copyFailed': 'Copie impossible : le navigateur n’a pas autorisé l’accès au presse-papiers.',
} satisfies ShellMessages;
