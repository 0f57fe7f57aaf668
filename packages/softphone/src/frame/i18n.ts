import i18next from 'i18next';
import type { LocaleConf } from '@open/protocol/api';
import { API_PREFIX } from '@open/protocol/paths';
import type { SoftphoneKey } from '@open/protocol/messages/softphone/en';
import type { ErrorMessageKey } from '@open/protocol/errors';

export type PhoneKey = SoftphoneKey | ErrorMessageKey;

/**
 * The phone's words: the `softphone` and `error` namespaces in one language, fetched from its
 * own server (the page and the API share an origin). `lang` absent: the tenant's default.
 */
export async function loadMessages(lang: string | undefined): Promise<LocaleConf> {
  const res = await fetch(`${API_PREFIX}doc/get_locale_conf`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...(lang ? { lang } : {}), ns: ['softphone', 'error'] }),
  });
  const answer = (await res.json()) as { code: number; data: LocaleConf };
  if (answer.code !== 0) throw new Error(`dictionary: ${answer.code}`);
  await i18next.init({
    lng: answer.data.lang,
    resources: { [answer.data.lang]: { translation: answer.data.messages } },
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  document.documentElement.lang = answer.data.lang;
  document.documentElement.dir = answer.data.dir;
  return answer.data;
}

export const t = (key: PhoneKey, values?: Record<string, string | number>): string => i18next.t(key, values);

/** An error's message by its name (errors.ts), or the text itself when it is not one. */
export function errorText(name: string): string {
  const key = `error.${name}`;
  return i18next.exists(key) ? i18next.t(key) : name;
}
