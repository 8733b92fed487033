/**
 * The emulator's enclave key (wire-format §4): one P-256 key per instance, from option
 * `enclaveSigningKey` or the random source. Its pub65 is what clients pin; it signs OTP target
 * bundles, verification tokens (§6) and, with `signExportBundles`, export bundles (§8).
 */
import { toHex } from '../crypto/encoding.js';
import {
  generateKeyPair,
  keyPairFromHex,
  type P256KeyPair,
  signMessageDer,
  signMessageRaw,
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

/** Creates the enclave from a hex scalar, or a fresh key from `random`. */
export function createEnclave(
  enclaveSigningKey: string | undefined,
  random: (bytes: number) => Uint8Array,
): Enclave {
  const keyPair: P256KeyPair =
    enclaveSigningKey === undefined ? generateKeyPair(random) : keyPairFromHex(enclaveSigningKey);
  return {
    publicKeyHex: uncompressedHex(keyPair.publicKey),
    signDerHex: (bytes) => toHex(signMessageDer(bytes, keyPair.privateKey)),
    signRaw: (bytes) => signMessageRaw(bytes, keyPair.privateKey),
  };
}
