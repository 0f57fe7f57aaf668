import type { SoftphoneMessages } from './en.js';

export default {
  'softphone.title': '软电话',
} satisfies SoftphoneMessages;
