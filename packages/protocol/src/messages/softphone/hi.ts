import type { SoftphoneMessages } from './en.js';

export default {
  'softphone.title': 'सॉफ़्टफ़ोन',
} satisfies SoftphoneMessages;
