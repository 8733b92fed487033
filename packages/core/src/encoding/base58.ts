/**
 * @scure/base's base58 (Bitcoin alphabet) and the base58check checksum, alone in a module so that
 * `base58check.ts` loads them on demand without the library's other codecs.
 */
import { sha256 } from '@noble/hashes/sha2.js';

export { base58 } from '@scure/base';

/**
 * The first 4 bytes of SHA-256(SHA-256(payload)), by @noble/hashes: public data, two blocks of
 * hashing, cheaper in JavaScript than two round trips to WebCrypto.
 * @param payload - The bytes before the checksum.
 */
export function base58Checksum(payload: Uint8Array): Uint8Array {
  return sha256(sha256(payload)).subarray(0, 4);
}
