import type { DocMessages } from './en.js';

export default {
  'doc.title': 'Dokumentation der offenen Plattform',
  'doc.version': 'Version',
  'doc.fullVersion': 'Vollständige Version',
  'doc.selectedVersion': 'Sie lesen gerade: {{version}}',
  'doc.contentComingSoon': 'Die Dokumente dieser Version werden hier angezeigt.',
  'doc.admonition.tip': 'Tipp',
  'doc.admonition.note': 'Hinweis',
  'doc.admonition.warning': 'Warnung',
  'doc.admonition.danger': 'Gefahr',
} satisfies DocMessages;
