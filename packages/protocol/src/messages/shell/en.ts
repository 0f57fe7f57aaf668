/**
 * The `shell` namespace: the header, navigation, loading and error states, and the words every page
 * shares; loaded at boot. This reference dictionary's keys are the type every other language of the
 * namespace must satisfy. Placeholders are written {{name}} and must survive translation unchanged.
 */
const en = {
  'shell.hello': 'Hello',
  'shell.helloName': 'Hello, {{name}}',
  'shell.language': 'Language',
  'shell.mainNav': 'Main navigation',
  'shell.nav.doc': 'Documentation',
  'shell.nav.cms': 'CMS',
  'shell.nav.demo': 'Softphone demo',
  'shell.nav.diagnose': 'Diagnostics',
  'shell.loading': 'Loading…',
  'shell.chunkLoadError': 'Part of this page could not be loaded. Check your connection, then reload.',
  'shell.renderError': 'Something went wrong on this page. Reloading usually helps.',
  'shell.reload': 'Reload',

  'shell.common.edit': 'Edit',
  'shell.common.delete': 'Delete',
  'shell.common.save': 'Save',
  'shell.common.cancel': 'Cancel',
  'shell.common.ok': 'OK',
  'shell.common.refresh': 'Refresh',
  'shell.common.confirmDelete': 'Do you want to confirm the deletion?',
  'shell.common.confirmSwitch': 'Confirm the switch?',
  'shell.common.formInvalid': 'Form field validation failed!',
  'shell.common.networkError': 'The server could not be reached. Check your connection and try again.',
  'shell.common.copied': 'Copied',
  'shell.common.copyFailed': 'Could not copy: the browser did not allow access to the clipboard.',
} as const;

export type ShellKey = keyof typeof en;
export type ShellMessages = Record<ShellKey, string>;

export default en satisfies ShellMessages;
