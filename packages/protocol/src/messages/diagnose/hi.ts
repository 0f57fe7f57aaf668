import type { DiagnoseMessages } from './en.js';

export default {
  'diagnose.title': 'ओपन प्लेटफ़ॉर्म निदान',
  'diagnose.notAvailableYet': 'यह पेज अभी उपलब्ध नहीं है।',
} satisfies DiagnoseMessages;
