import 'i18next';
import type { ReferenceMessages } from '@open/protocol/messages/index';

// Typed keys: t('a.key.that.does.not.exist') fails to compile. The dictionary namespaces are
// merged into i18next's one default namespace (each key starts with its own), so `t` knows
// every key of every namespace; a page loads its namespaces before it renders (app/router.tsx).
declare module 'i18next' {
  interface CustomTypeOptions {
    keySeparator: false;
    nsSeparator: false;
    resources: { translation: ReferenceMessages };
  }
}
