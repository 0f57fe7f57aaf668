import type { SoftphoneMessages } from './en.js';

export default {
  'softphone.title': 'ソフトフォン',
} satisfies SoftphoneMessages;
