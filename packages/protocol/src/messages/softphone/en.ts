/**
 * The `softphone` namespace: the softphone itself, which the demo page shows and integrators embed.
 * This reference dictionary's keys are the type every other language of the namespace must satisfy.
 * Placeholders are written {{name}} and must survive translation unchanged.
 */
const en = {
  'softphone.title': 'Softphone',
} as const;

export type SoftphoneKey = keyof typeof en;
export type SoftphoneMessages = Record<SoftphoneKey, string>;

export default en satisfies SoftphoneMessages;
