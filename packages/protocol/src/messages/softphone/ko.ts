import type { SoftphoneMessages } from './en.js';

export default {
  'softphone.title': '소프트폰',
} satisfies SoftphoneMessages;
