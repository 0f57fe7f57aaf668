import type { SoftphoneMessages } from './en.js';

export default {
  'softphone.title': 'الهاتف البرمجي',
} satisfies SoftphoneMessages;
