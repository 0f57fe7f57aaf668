/**
 * The demo page's serverUrl list (spec §2, §5): the servers a developer tries the phone against,
 * kept in localStorage so they survive a reload, one of them selected. Plain functions over a
 * plain value, so the rules are tested without a browser.
 */
import { isWebAddress } from '@open/protocol/web-address';

export interface ServerUrlList {
  readonly urls: readonly string[];
  /** The one the demo signs in to; '' when the list is empty. */
  readonly selected: string;
}

/** Why a serverUrl was refused: each has its message (spec §5 for the first two). */
export type ServerUrlProblem = 'empty' | 'duplicate' | 'invalid';

export const SERVER_URLS_KEY = 'open.demo.serverUrls';

/** What a person typed, as the list keeps it: trimmed, without trailing slashes. */
export function normaliseServerUrl(text: string): string {
  return text.trim().replace(/\/+$/, '');
}

/** Checks a serverUrl to add, or to replace `editing` with. */
export function checkServerUrl(list: ServerUrlList, text: string, editing?: string): ServerUrlProblem | null {
  const url = normaliseServerUrl(text);
  if (url === '') return 'empty';
  if (!isWebAddress(url)) return 'invalid';
  const taken = list.urls.some((existing) => existing !== editing && existing.toLowerCase() === url.toLowerCase());
  return taken ? 'duplicate' : null;
}

export function addServerUrl(list: ServerUrlList, text: string): ServerUrlList {
  const url = normaliseServerUrl(text);
  return { urls: [...list.urls, url], selected: list.selected === '' ? url : list.selected };
}

export function editServerUrl(list: ServerUrlList, previous: string, text: string): ServerUrlList {
  const url = normaliseServerUrl(text);
  return {
    urls: list.urls.map((existing) => (existing === previous ? url : existing)),
    selected: list.selected === previous ? url : list.selected,
  };
}

export function removeServerUrl(list: ServerUrlList, url: string): ServerUrlList {
  const urls = list.urls.filter((existing) => existing !== url);
  return { urls, selected: list.selected === url ? (urls[0] ?? '') : list.selected };
}

export function selectServerUrl(list: ServerUrlList, url: string): ServerUrlList {
  return list.urls.includes(url) ? { ...list, selected: url } : list;
}

/**
 * The saved list, or this server alone when nothing (or something unreadable) is saved: a
 * hand-edited or stale entry must not break the page.
 */
export function loadServerUrls(storage: Pick<Storage, 'getItem'>, origin: string): ServerUrlList {
  const fallback: ServerUrlList = { urls: [origin], selected: origin };
  let saved: unknown;
  try {
    saved = JSON.parse(storage.getItem(SERVER_URLS_KEY) ?? 'null');
  } catch {
    return fallback;
  }
  if (typeof saved !== 'object' || saved === null) return fallback;
  const { urls, selected } = saved as { urls?: unknown; selected?: unknown };
  if (!Array.isArray(urls)) return fallback;
  const kept: string[] = [];
  for (const url of urls) {
    if (typeof url === 'string' && checkServerUrl({ urls: kept, selected: '' }, url) === null) kept.push(url);
  }
  const chosen = typeof selected === 'string' && kept.includes(selected) ? selected : (kept[0] ?? '');
  return { urls: kept, selected: chosen };
}

export function saveServerUrls(storage: Pick<Storage, 'setItem'>, list: ServerUrlList): void {
  try {
    storage.setItem(SERVER_URLS_KEY, JSON.stringify(list));
  } catch {
    // Storage full or refused (private mode): the list still works for this visit.
  }
}
