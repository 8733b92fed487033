import { bytesToBase64Url } from '../encoding/base64url.js';
import { bytesToHex } from '../encoding/hex.js';
import { utf8ToBytes } from '../encoding/utf8.js';
import { randomBytes, sha256 } from '../internal/web-crypto.js';

/**
 * Computes the OIDC nonce for a `clientPublicKey` (docs/protocol.md §10): lowercase hex of
 * SHA-256 over the UTF-8 bytes of the key string exactly as it will be sent — over the hex text,
 * not the key bytes, so case and compression change it.
 * @param clientPublicKey - The exact string to be sent as `clientPublicKey`.
 * @throws WalletAuthError `INSECURE_CONTEXT` without WebCrypto.
 * @example
 * ```ts
 * const clientKey = await createClientKey();
 * const nonce = await createOAuthNonce(clientKey.clientPublicKey); // put in the IdP request
 * ```
 */
export async function createOAuthNonce(clientPublicKey: string): Promise<string> {
  return bytesToHex(await sha256(utf8ToBytes(clientPublicKey)));
}

/**
 * Makes a fresh OAuth `state` for one attempt (RFC 6749 §10.12): 32 random bytes, base64url, so
 * an answer can be tied to the attempt that asked for it.
 */
export function createOAuthState(): string {
  return bytesToBase64Url(randomBytes(32));
}
