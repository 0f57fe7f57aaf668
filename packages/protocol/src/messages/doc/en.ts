/**
 * The `doc` namespace: the documentation reader (#/doc). This reference dictionary's keys are the
 * type every other language of the namespace must satisfy. Placeholders are written {{name}} and
 * must survive translation unchanged.
 */
const en = {
  'doc.title': 'Open platform documentation',
  'doc.version': 'Version',
  'doc.fullVersion': 'Full version',
  'doc.selectedVersion': 'You are reading: {{version}}',
  'doc.contentComingSoon': 'The documents of this version will appear here.',
  'doc.admonition.tip': 'Tip',
  'doc.admonition.note': 'Note',
  'doc.admonition.warning': 'Warning',
  'doc.admonition.danger': 'Danger',
} as const;

export type DocKey = keyof typeof en;
export type DocMessages = Record<DocKey, string>;

export default en satisfies DocMessages;
