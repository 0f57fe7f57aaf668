import type { SoftphoneMessages } from './en.js';

export default {
  'softphone.title': 'Софтфон',
} satisfies SoftphoneMessages;
