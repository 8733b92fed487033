import { WalletAuthError } from '../errors/wallet-auth-error.js';

// One encoder and one strict decoder, made on first use (importing the core touches no global);
// both are stateless between calls (`decode` without `stream`).
let encoder: TextEncoder | undefined;
let decoder: TextDecoder | undefined;

/**
 * Encodes a string as UTF-8 bytes, exactly as given (no trimming or normalisation, docs/protocol.md §2).
 * @param text - Text to encode.
 */
export function utf8ToBytes(text: string): Uint8Array<ArrayBuffer> {
  encoder ??= new TextEncoder();
  return encoder.encode(text);
}

/**
 * Decodes strict UTF-8 (a BOM is kept as U+FEFF).
 * @param bytes - UTF-8 bytes.
 * @throws WalletAuthError `ENCODING_INVALID` on an invalid sequence.
 */
export function bytesToUtf8(bytes: Uint8Array): string {
  try {
    decoder ??= new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
    return decoder.decode(bytes);
  } catch (cause) {
    throw new WalletAuthError('ENCODING_INVALID', 'Expected UTF-8 text', { cause });
  }
}
