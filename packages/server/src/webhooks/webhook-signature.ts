import { createHmac, randomBytes } from 'node:crypto';
import { WEBHOOK_SECRET_PREFIX, webhookHeaders } from '@open/protocol/webhooks';

/** A new signing secret: 24 random bytes, written as Standard Webhooks writes them. */
export const newWebhookSecret = (): string => `${WEBHOOK_SECRET_PREFIX}${randomBytes(24).toString('base64')}`;

/** What the CMS shows of a secret: its prefix and last four characters. */
export const secretHint = (secret: string): string => `${WEBHOOK_SECRET_PREFIX}…${secret.slice(-4)}`;

/**
 * The three Standard Webhooks headers of one attempt: the event's id, the attempt's time, and
 * `v1,<base64 HMAC-SHA256>` over `<id>.<timestamp>.<body>` keyed by the secret's bytes (the part
 * after `whsec_`, base64-decoded), so its libraries verify our posts as they are.
 */
export function signedHeaders(secret: string, eventId: string, body: string, at: Date): Record<string, string> {
  const timestamp = String(Math.floor(at.getTime() / 1000));
  const key = Buffer.from(secret.slice(WEBHOOK_SECRET_PREFIX.length), 'base64');
  const signature = createHmac('sha256', key).update(`${eventId}.${timestamp}.${body}`).digest('base64');
  return {
    [webhookHeaders.id]: eventId,
    [webhookHeaders.timestamp]: timestamp,
    [webhookHeaders.signature]: `v1,${signature}`,
  };
}
