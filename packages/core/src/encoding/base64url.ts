import { base64urlnopad } from '@scure/base';
import { WalletAuthError } from '../errors/wallet-auth-error.js';

const base64UrlPattern = /^[A-Za-z0-9_-]*={0,2}$/;

/**
 * Encodes bytes as unpadded base64url (RFC 4648 §5; wire-format notation).
 * @param bytes - Bytes to encode.
 */
export function bytesToBase64Url(bytes: Uint8Array): string {
  return base64urlnopad.encode(bytes);
}

/**
 * Decodes base64url, tolerating `=` padding (wire-format notation); rejects the `+` `/` alphabet.
 * @param text - base64url text.
 * @throws WalletAuthError `ENCODING_INVALID` on any other character, a bad length or non-zero pad bits.
 */
export function base64UrlToBytes(text: string): Uint8Array<ArrayBuffer> {
  if (!base64UrlPattern.test(text)) {
    throw new WalletAuthError('ENCODING_INVALID', 'Expected base64url text');
  }
  try {
    return new Uint8Array(base64urlnopad.decode(text.replace(/=+$/, '')));
  } catch (cause) {
    throw new WalletAuthError('ENCODING_INVALID', 'Expected base64url text', { cause });
  }
}
