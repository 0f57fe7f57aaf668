/**
 * The `cms` namespace: the CMS (#/cms): sign-in, versions and everything an admin edits. This
 * reference dictionary's keys are the type every other language of the namespace must satisfy.
 * Placeholders are written {{name}} and must survive translation unchanged.
 */
const en = {
  'cms.title': 'Open platform CMS system',
  'cms.login.title': 'Sign in to the CMS',
  'cms.login.account': 'Account',
  'cms.login.accountPlaceholder': 'Your admin account',
  'cms.login.accountRequired': 'Please enter your account.',
  'cms.login.password': 'Password',
  'cms.login.passwordPlaceholder': 'Your password',
  'cms.login.passwordRequired': 'Please enter your password.',
  'cms.login.submit': 'Sign in',
  'cms.login.sessionExpired': 'Please sign in first.',
  'cms.logout': 'Sign out',
  'cms.menu.versions': 'Versions',
  'cms.versions.title': 'Versions',
  'cms.versions.create': 'New version',
  'cms.versions.edit': 'Edit version',
  'cms.versions.name': 'Name',
  'cms.versions.namePlaceholder': 'For example v3.0',
  'cms.versions.nameRequired': 'Please enter a version name.',
  'cms.versions.nameTooLong': 'A version name has at most {{max}} characters.',
  'cms.versions.sort': 'Sort order',
  'cms.versions.sortHelp': 'Smaller numbers come first.',
  'cms.versions.isDefault': 'Default version',
  'cms.versions.defaultTag': 'Default',
  'cms.versions.makeDefault': 'Make default',
  'cms.versions.updatedAt': 'Last changed',
  'cms.versions.actions': 'Actions',
  'cms.versions.empty': 'No versions yet. Create the first one.',
  'cms.versions.saved': 'Version saved.',
  'cms.versions.deleted': 'Version deleted.',
  'cms.versions.defaultChanged': '{{name}} is now the default version.',
} as const;

export type CmsKey = keyof typeof en;
export type CmsMessages = Record<CmsKey, string>;

export default en satisfies CmsMessages;
