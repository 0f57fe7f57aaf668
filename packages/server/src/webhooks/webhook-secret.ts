import { isSealed, type SecretBox } from '../secret-box.js';

/** What a webhook's sealed secret is for (secret-box.ts): a sealed value copied to another row does not open there. */
export const webhookSecretContext = (webhookId: string): string => `webhook.secret:${webhookId}`;

/** A stored secret in the clear; null when it is sealed and no key of the server opens it (SECRETS_KEY changed). */
export function openWebhookSecret(secrets: SecretBox | null, webhookId: string, stored: string): string | null {
  if (!isSealed(stored)) return stored;
  try {
    return secrets ? secrets.open(stored, webhookSecretContext(webhookId)) : null;
  } catch {
    return null;
  }
}
