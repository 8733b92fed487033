import { WalletAuthError } from '../errors/wallet-auth-error.js';

/**
 * Returns `crypto.subtle`, read lazily so importing the core touches no global (docs/contributing.md §2.8).
 * @throws WalletAuthError `INSECURE_CONTEXT` when WebCrypto is absent (http on a non-localhost host).
 */
export function getSubtle(): SubtleCrypto {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) {
    throw new WalletAuthError(
      'INSECURE_CONTEXT',
      'WebCrypto is unavailable; the page must be served over https or from localhost',
    );
  }
  return subtle;
}

/**
 * Fills a new array with cryptographically secure random bytes.
 * @param length - Number of bytes.
 * @throws WalletAuthError `INSECURE_CONTEXT` when WebCrypto is absent.
 */
export function randomBytes(length: number): Uint8Array<ArrayBuffer> {
  const cryptoObject = globalThis.crypto;
  if (!cryptoObject?.getRandomValues) {
    throw new WalletAuthError('INSECURE_CONTEXT', 'WebCrypto random numbers are unavailable');
  }
  return cryptoObject.getRandomValues(new Uint8Array(length));
}

/**
 * SHA-256 through WebCrypto.
 * @param data - Bytes to hash.
 */
export async function sha256(data: Uint8Array): Promise<Uint8Array<ArrayBuffer>> {
  return new Uint8Array(await getSubtle().digest('SHA-256', toArrayBuffer(data)));
}

/**
 * Copies a view into a fresh `ArrayBuffer` of exactly its length, as WebCrypto and @hpke/core want.
 * @param data - Any byte view.
 */
export function toArrayBuffer(data: Uint8Array): ArrayBuffer {
  const copy = new Uint8Array(data.length);
  copy.set(data);
  return copy.buffer;
}
