import type { ApiBody, ApiData, ApiEnvelope, ApiPath } from '@open/protocol/api';
import { API_PREFIX } from '@open/protocol/paths';
import { notLoggedIn, SUCCESS_CODE } from '@open/protocol/reader-errors';

/** The caller's language travels with every call so server messages come back translated. */
let currentLang: string | undefined;
export function setApiLang(lang: string): void {
  currentLang = lang;
}
export function currentApiLang(): string | undefined {
  return currentLang;
}

/** Told when the server says the session is gone, so the app can ask to sign in again. */
let notLoggedInHandler: (() => void) | undefined;
export function onNotLoggedIn(handler: () => void): void {
  notLoggedInHandler = handler;
}

/** An answer whose HTTP status or code is not success, carrying the server's envelope. */
export function isApiEnvelope(value: unknown): value is ApiEnvelope {
  return typeof value === 'object' && value !== null && 'code' in value && 'message' in value;
}

/**
 * The call of spec §7: POST with a JSON body. On any reply it resolves with the response data
 * (the envelope). On an error it rejects with the error's response data when the server sent
 * one, or with the error itself (network down, unreadable answer).
 */
export async function request<P extends ApiPath>(path: P, body: ApiBody<P>): Promise<ApiEnvelope<ApiData<P>>> {
  const response = await fetch(`${API_PREFIX}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(currentLang ? { 'x-lang': currentLang } : {}) },
    body: JSON.stringify(body),
    credentials: 'same-origin',
  });
  let data: unknown;
  try {
    data = await response.json();
  } catch (error) {
    throw error instanceof Error ? error : new Error(String(error));
  }
  if (isApiEnvelope(data) && data.code === notLoggedIn.code) notLoggedInHandler?.();
  // Spec §7: an error rejects with the error's response data, not an Error wrapping it.
  if (!response.ok) throw data;
  return data as ApiEnvelope<ApiData<P>>;
}

/** Like `request`, but answers `data` itself and rejects when `code` is not 0. */
export async function call<P extends ApiPath>(path: P, body: ApiBody<P>): Promise<ApiData<P>> {
  const envelope = await request(path, body);
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- the envelope is the contract (spec §7)
  if (envelope.code !== SUCCESS_CODE) throw envelope;
  return envelope.data;
}

/** The message to show a person for a failed call: the server's words, else a network message. */
export function errorMessage(error: unknown, networkMessage: string): string {
  return isApiEnvelope(error) ? error.message : networkMessage;
}
