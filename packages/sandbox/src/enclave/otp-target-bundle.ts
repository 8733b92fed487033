/**
 * The OTP target bundle (docs/protocol.md §4): `{"version":"v1.0.0","data":"<hex>","dataSignature":
 * "<DER hex>","enclaveQuorumPublic":"<pub65 hex>"}` where `data` hex-encodes exactly
 * `{"targetPublic":"04…"}` and the signature covers the bytes `data` decodes to.
 */
import { toHex, utf8 } from '../crypto/encoding.js';
import { type P256Point, uncompressedHex } from '../crypto/p256.js';
import type { Enclave } from './enclave.js';

/** Builds the bundle string for a freshly minted target key. */
export function createOtpTargetBundle(enclave: Enclave, targetPublicKey: P256Point): string {
  const data = utf8(JSON.stringify({ targetPublic: uncompressedHex(targetPublicKey) }));
  return JSON.stringify({
    version: 'v1.0.0',
    data: toHex(data),
    dataSignature: enclave.signDerHex(data),
    enclaveQuorumPublic: enclave.publicKeyHex,
  });
}
