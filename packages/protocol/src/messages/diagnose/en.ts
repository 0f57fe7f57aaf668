/**
 * The `diagnose` namespace: the diagnostics page (#/diagnose). This reference dictionary's keys are
 * the type every other language of the namespace must satisfy. Placeholders are written {{name}}
 * and must survive translation unchanged.
 */
const en = {
  'diagnose.title': 'Open platform diagnostics',
  'diagnose.notAvailableYet': 'This page is not available yet.',
} as const;

export type DiagnoseKey = keyof typeof en;
export type DiagnoseMessages = Record<DiagnoseKey, string>;

export default en satisfies DiagnoseMessages;
