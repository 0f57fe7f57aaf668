import type { DocMessages } from './en.js';

export default {
  'doc.title': 'ओपन प्लेटफ़ॉर्म दस्तावेज़',
  'doc.version': 'संस्करण',
  'doc.fullVersion': 'पूर्ण संस्करण',
  'doc.selectedVersion': 'आप पढ़ रहे हैं: {{version}}',
  'doc.contentComingSoon': 'इस संस्करण के दस्तावेज़ यहाँ दिखाई देंगे।',
} satisfies DocMessages;
