/**
 * The `demo` namespace: the softphone demo page (#/demo). This reference dictionary's keys are the
 * type every other language of the namespace must satisfy. Placeholders are written {{name}} and
 * must survive translation unchanged.
 */
const en = {
  'demo.title': 'Icall Experience Demo',
  'demo.notAvailableYet': 'This page is not available yet.',
} as const;

export type DemoKey = keyof typeof en;
export type DemoMessages = Record<DemoKey, string>;

export default en satisfies DemoMessages;
