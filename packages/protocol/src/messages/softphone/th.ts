import type { SoftphoneMessages } from './en.js';

export default {
  'softphone.title': 'ซอฟต์โฟน',
} satisfies SoftphoneMessages;
