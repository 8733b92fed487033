import { WalletAuthError } from '../errors/wallet-auth-error.js';

/**
 * Encodes a string as UTF-8 bytes, exactly as given (no trimming or normalisation, wire-format §2).
 * @param text - Text to encode.
 */
export function utf8ToBytes(text: string): Uint8Array<ArrayBuffer> {
  return new TextEncoder().encode(text);
}

/**
 * Decodes strict UTF-8 (a BOM is kept as U+FEFF).
 * @param bytes - UTF-8 bytes.
 * @throws WalletAuthError `ENCODING_INVALID` on an invalid sequence.
 */
export function bytesToUtf8(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch (cause) {
    throw new WalletAuthError('ENCODING_INVALID', 'Expected UTF-8 text', { cause });
  }
}
