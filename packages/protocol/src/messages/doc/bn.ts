import type { DocMessages } from './en.js';

export default {
  'doc.title': 'ওপেন প্ল্যাটফর্ম ডকুমেন্টেশন',
  'doc.version': 'সংস্করণ',
  'doc.fullVersion': 'পূর্ণ সংস্করণ',
  'doc.selectedVersion': 'আপনি পড়ছেন: {{version}}',
  'doc.contentComingSoon': 'এই সংস্করণের ডকুমেন্টগুলো এখানে দেখানো হবে।',
  'doc.admonition.tip': 'পরামর্শ',
  'doc.admonition.note': 'নোট',
  'doc.admonition.warning': 'সতর্কতা',
  'doc.admonition.danger': 'বিপদ',
} satisfies DocMessages;
