import type { DocMessages } from './en.js';

export default {
  'doc.title': 'Documentation de la plateforme ouverte',
  'doc.version': 'Version',
  'doc.fullVersion': 'Version complète',
  'doc.selectedVersion': 'Vous consultez : {{version}}',
  'doc.contentComingSoon': 'Les documents de cette version s’afficheront ici.',
  'doc.admonition.tip': 'Astuce',
  'doc.admonition.note': 'Remarque',
  'doc.admonition.warning': 'Avertissement',
  'doc.admonition.danger': 'Danger',
} satisfies DocMessages;
