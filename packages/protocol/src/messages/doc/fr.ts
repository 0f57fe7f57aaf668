import type { DocMessages } from './en.js';

export default {
  'doc.title': 'Documentation de la plateforme ouverte',
  'doc.version': 'Version',
  'doc.fullVersion': 'Version complète',
  'doc.selectedVersion': 'Vous consultez : {{version}}',
  'doc.contentComingSoon': 'Les documents de cette version s’afficheront ici.',
} satisfies DocMessages;
