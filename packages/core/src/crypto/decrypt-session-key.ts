import { loadOnDemand } from '../internal/load-chunk.js';
import type { DecryptionKeyPair, SigningKeyPair } from '../keys/key-pair.js';

/** Parameters of `decryptSessionKey`. */
export interface DecryptSessionKeyParams {
  /** `encryptedSessionSigningKey` from the AuthSession (base58check). */
  encryptedSessionSigningKey: string;
  /** The ECDH key pair whose pub65 was sent as `clientPublicKey`. */
  clientKeyPair: DecryptionKeyPair;
}

/**
 * Opens a sealed session key (wire-format §7): base58check → 81 bytes → HPKE open with the
 * client's ECDH key (decompressed `enc` in the AAD) → 32-byte scalar, imported at once as a
 * separate non-extractable ECDSA key; every buffer holding the scalar is zeroed before return.
 * Its code (base58, HPKE, the scalar import) is loaded on first use: an OTP sign-in never needs it.
 * @param params - The sealed key and the client's decryption key pair.
 * @throws WalletAuthError `SEALED_KEY_MALFORMED` (checksum, length, point, scalar range),
 * `DECRYPT_FAILED` (AEAD failure, e.g. sealed to another key), `KEY_USAGE_INVALID`,
 * `NETWORK_ERROR` (the code could not be loaded).
 */
export async function decryptSessionKey(params: DecryptSessionKeyParams): Promise<SigningKeyPair> {
  return (await loadOnDemand()).openSealedSessionKey(params);
}
