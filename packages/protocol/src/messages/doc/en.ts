/**
 * The `doc` namespace: the documentation reader (#/doc). This reference dictionary's keys are the
 * type every other language of the namespace must satisfy. Placeholders are written {{name}} and
 * must survive translation unchanged.
 */
const en = {
  'doc.title': 'Open platform documentation',
  'doc.version': 'Version',
  'doc.fullVersion': 'Full version',
  'doc.admonition.tip': 'Tip',
  'doc.admonition.note': 'Note',
  'doc.admonition.warning': 'Warning',
  'doc.admonition.danger': 'Danger',

  'doc.categories': 'Categories',
  'doc.allDocuments': 'All documents',
  'doc.openCategories': 'Browse',
  'doc.closeCategories': 'Close the category list',
  'doc.documentCount': '{{count}} documents',
  'doc.viewDocumentation': 'View documentation',
  'doc.updatedAt': 'Updated {{time}}',
  'doc.pages': 'Pages',
  'doc.previousPage': 'Previous page',
  'doc.nextPage': 'Next page',
  'doc.pageOf': 'Page {{page}} of {{pages}}',
  'doc.empty': 'There are no documents here in this version yet.',
  'doc.emptyAll': 'Nothing has been published in this version yet.',
  'doc.loadError': 'The documentation could not be loaded.',
  'doc.retry': 'Try again',

  'doc.breadcrumb': 'You are here',
  'doc.onThisPage': 'On this page',
  'doc.previous': 'Previous',
  'doc.next': 'Next',
  'doc.pager': 'More in this category',
  'doc.copy': 'Copy',
  'doc.copied': 'Copied',
  'doc.copyFailed': 'Could not copy: select the code and copy it by hand.',
  'doc.attachments': 'Attachments',
  'doc.fallbackNotice': 'This page is not available in {{asked}} yet, so it is shown in {{served}}.',
  'doc.fallbackTag': 'Not available in {{asked}} yet: shown in {{served}}.',
  'doc.fallbackListNotice':
    'Some of these are not available in {{asked}} yet. They are shown in another language, named beside each.',
  'doc.notInVersion': 'This document is not part of {{version}}.',
  'doc.notFound': 'This document does not exist or is no longer published.',
  'doc.backToList': 'Back to the documents',
  'doc.chooseDocument': 'Choose a document to read from the list.',

  'doc.search': 'Search',
  'doc.searchOpen': 'Search the documentation',
  'doc.searchLabel': 'Search words',
  'doc.searchPlaceholder': 'Search titles, headings and text',
  'doc.searchPrompt': 'Type a word or two. Chinese, Japanese and Thai words are found in the middle of a sentence too.',
  'doc.searchKeys': 'Press / to search from any page; ↑ ↓ to choose a result; Enter to open it.',
  'doc.searchTotal': 'Results: {{count}}',
  'doc.searchNone': 'Nothing matches “{{query}}”. Try fewer words, another spelling, or the full version.',
  'doc.searchAllCategories': 'All categories',
  'doc.searchCategory': 'Category',
  // A search whose words were corrected: what was searched, and a link to search them as typed.
  // The page sets each word apart (emphasised, isolated from the sentence's direction).
  'doc.searchCorrected': 'Showing results for {{keyword}}',
  'doc.searchCorrectedToo': 'Including results for {{keyword}}',
  'doc.searchInsteadFor': 'Search instead for {{query}}',
  'doc.searchOnlyFor': 'Search only for {{query}}',

  'doc.faq': 'FAQ',
  'doc.faqTitle': 'Frequently asked questions',
  'doc.faqSearch': 'Search the questions',
  'doc.faqNone': 'No question matches “{{query}}”.',
  'doc.faqEmpty': 'There are no questions in this version yet.',
  'doc.contactPrompt': 'Did not find your answer?',
  'doc.contact': 'Contact us',
} as const;

export type DocKey = keyof typeof en;
export type DocMessages = Record<DocKey, string>;

export default en satisfies DocMessages;
