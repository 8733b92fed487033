/**
 * Webhook signing (project extension; the interface leaves signing open): the Standard Webhooks
 * layout — `Webhook-Signature: v1,<base64 HMAC-SHA256(secret, "<id>.<timestamp>.<body>")>` with
 * the secret's UTF-8 bytes as the key. `@noble/hashes`, so it runs in the browser too.
 */
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { utf8 } from '../crypto/encoding.js';

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) {
    binary += String.fromCharCode(byte);
  }
  return btoa(binary);
}

/** The `Webhook-Signature` value for one delivery. */
export function signWebhook(
  secret: string,
  eventId: string,
  timestampSeconds: number,
  body: string,
): string {
  const mac = hmac(sha256, utf8(secret), utf8(`${eventId}.${timestampSeconds}.${body}`));
  return `v1,${toBase64(mac)}`;
}
