import type { SoftphoneMessages } from './en.js';

export default {
  'softphone.title': '軟體電話',
} satisfies SoftphoneMessages;
