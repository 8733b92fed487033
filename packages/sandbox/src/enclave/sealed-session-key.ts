/**
 * The sealed session key `encryptedSessionSigningKey` (docs/protocol.md §7): base58check of
 * `enc pub33 ‖ ciphertext ‖ tag` (81 bytes), HPKE (§3) to the client's pub65 `clientPublicKey`,
 * plaintext the 32-byte big-endian scalar of a fresh session key.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { createBase58check } from '@scure/base';
import { concatBytes } from '../crypto/encoding.js';
import { hpkeSeal } from '../crypto/hpke.js';
import { type P256Point, parsePointBytes } from '../crypto/p256.js';

/** base58check with a double SHA-256 checksum (§7). */
export const base58check = createBase58check(sha256);

/**
 * Seals `sessionPrivateKey` to `clientPublicKey`. `ephemeralPrivateKey` is the test-only hook
 * that reproduces `vectors.credentialBundle` (§16).
 */
export async function sealSessionKey(
  clientPublicKey: P256Point,
  sessionPrivateKey: Uint8Array,
  ephemeralPrivateKey?: Uint8Array,
): Promise<string> {
  const { enc, ciphertext } = await hpkeSeal(
    clientPublicKey,
    sessionPrivateKey,
    ephemeralPrivateKey,
  );
  const encPoint = parsePointBytes(enc);
  if (encPoint === undefined) {
    throw new Error('HPKE produced an invalid encapsulated key');
  }
  return base58check.encode(concatBytes(encPoint.toBytes(true), ciphertext));
}
