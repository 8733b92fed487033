import { sha256 as nobleSha256 } from '@noble/hashes/sha2.js';
import { toHex, utf8 } from './encoding.js';

/** SHA-256 of bytes or of the UTF-8 bytes of a string. */
export function sha256(input: Uint8Array | string): Uint8Array {
  return nobleSha256(typeof input === 'string' ? utf8(input) : input);
}

/** Lowercase hex SHA-256 (the OAuth nonce of docs/protocol.md §10, body hashes of §11.2). */
export function sha256Hex(input: Uint8Array | string): string {
  return toHex(sha256(input));
}
