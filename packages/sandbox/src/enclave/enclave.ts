/**
 * The emulator's enclave key (docs/protocol.md §4): one P-256 key per instance, from option
 * `enclaveSigningKey` (by default the published development key) or, with `'random'`, the random
 * source. Its pub65 is what clients pin; it signs OTP target
 * bundles, verification tokens (§6) and, with `signExportBundles`, export bundles (§8).
 */
import { portableCrypto, rawSignature, type SandboxCrypto } from '../crypto/backend.js';
import { encodeDerSignature } from '../crypto/der.js';
import { toHex } from '../crypto/encoding.js';
import {
  generateKeyPair,
  keyPairFromHex,
  type P256KeyPair,
  uncompressedHex,
} from '../crypto/p256.js';

/** Signing operations of the enclave; the private key never leaves this object. */
export interface Enclave {
  /** pub65 hex of the enclave key. */
  readonly publicKeyHex: string;
  /** DER ECDSA-P256-SHA256 signature (hex) over `bytes`. */
  signDerHex(bytes: Uint8Array): string;
  /** Raw `r‖s` ECDSA-P256-SHA256 signature over `bytes`. */
  signRaw(bytes: Uint8Array): Uint8Array;
}

/** Creates the enclave from a hex scalar, or a fresh key from `random`; signs with `backend`. */
export function createEnclave(
  enclaveSigningKey: string | undefined,
  random: (bytes: number) => Uint8Array,
  backend: SandboxCrypto = portableCrypto,
): Enclave {
  const keyPair: P256KeyPair =
    enclaveSigningKey === undefined
      ? generateKeyPair(random, backend.publicKeyOf)
      : keyPairFromHex(enclaveSigningKey);
  return {
    publicKeyHex: uncompressedHex(keyPair.publicKey),
    signDerHex: (bytes) => toHex(encodeDerSignature(backend.sign(bytes, keyPair.privateKey))),
    signRaw: (bytes) => rawSignature(backend.sign(bytes, keyPair.privateKey)),
  };
}
