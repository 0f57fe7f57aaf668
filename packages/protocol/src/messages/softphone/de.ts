import type { SoftphoneMessages } from './en.js';

export default {
  'softphone.title': 'Softphone',
} satisfies SoftphoneMessages;
