import { dictionaries } from '@open/protocol/messages/index';
import { isLang, type Lang } from '@open/protocol/locales';
import { attachmentAddress } from '../attachments/attachment-view.js';
import type { RenderOptions } from './render.js';

/** How documents in `lang` are rendered: admonition titles in that language, our attachment address. */
export function renderOptionsFor(lang: string): RenderOptions {
  const messages = dictionaries.doc[isLang(lang) ? lang : ('en' satisfies Lang)];
  return {
    admonitionTitles: {
      tip: messages['doc.admonition.tip'],
      note: messages['doc.admonition.note'],
      warning: messages['doc.admonition.warning'],
      danger: messages['doc.admonition.danger'],
    },
    attachmentUrl: attachmentAddress,
  };
}
