import 'i18next';
import type en from '@open/protocol/messages/en';

// Typed keys: t('a.key.that.does.not.exist') fails to compile.
declare module 'i18next' {
  interface CustomTypeOptions {
    keySeparator: false;
    nsSeparator: false;
    resources: { translation: typeof en };
  }
}
