/**
 * The API keys' form values, body and the stream's example command, without React
 * (ApiKeysSection.tsx shows them). The name's limit is the server's (apiKeyLimits).
 */
import type { ApiBody } from '@open/protocol/api';
import { apiKeyLimits } from '@open/protocol/event-stream';
import { EVENT_STREAM_PATH } from '@open/protocol/event-stream';

export interface ApiKeyValues {
  name: string;
}

/** cms/create_api_key's body: the name as the server keeps it, trimmed. */
export function apiKeyBody(tenantId: string, values: ApiKeyValues): ApiBody<'cms/create_api_key'> {
  return { tenant_id: tenantId, name: values.name.trim() };
}

/** Whether a tenant with `count` keys may have no more (the Create button is then off). */
export function isFull(count: number): boolean {
  return count >= apiKeyLimits.perTenant;
}

/**
 * A one-line shell command that opens the event stream on `origin` with `key`: what the key
 * dialog offers to try it. The key is base64url and the origin a URL, so neither needs quoting.
 */
export function streamCurl(origin: string, key: string): string {
  return [
    'curl -N -X POST',
    `-H "Authorization: Bearer ${key}"`,
    '-H "content-type: application/json"',
    "-d '{}'",
    `${origin}${EVENT_STREAM_PATH}`,
  ].join(' ');
}

/**
 * `text` isolated in a sentence of any direction, taking its own from its first letter: a
 * Latin key name inside an Arabic question keeps its place.
 */
export function isolated(text: string): string {
  return `\u2068${text}\u2069`;
}
