import type { SoftphoneMessages } from './en.js';

export default {
  'softphone.title': 'সফটফোন',
} satisfies SoftphoneMessages;
