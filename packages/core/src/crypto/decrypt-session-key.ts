import { decodeBase58Check } from '../encoding/base58check.js';
import { WalletAuthError } from '../errors/wallet-auth-error.js';
import { zeroize } from '../internal/bytes.js';
import { importPrivateScalar } from '../keys/import-private-scalar.js';
import type { DecryptionKeyPair, SigningKeyPair } from '../keys/key-pair.js';
import { hpkeOpen } from './hpke.js';

/** Parameters of `decryptSessionKey`. */
export interface DecryptSessionKeyParams {
  /** `encryptedSessionSigningKey` from the AuthSession (base58check). */
  encryptedSessionSigningKey: string;
  /** The ECDH key pair whose pub65 was sent as `clientPublicKey`. */
  clientKeyPair: DecryptionKeyPair;
}

// enc pub33 (33) ‖ AES-256-GCM ciphertext of a 32-byte scalar (32) ‖ tag (16) (docs/protocol.md §7).
const sealedKeyLength = 81;
const encLength = 33;

function malformed(message: string, cause?: unknown): WalletAuthError {
  return new WalletAuthError('SEALED_KEY_MALFORMED', message, { cause });
}

/**
 * Opens a sealed session key (docs/protocol.md §7): base58check → 81 bytes → HPKE open with the
 * client's ECDH key (decompressed `enc` in the AAD) → 32-byte scalar, imported at once as a
 * separate non-extractable ECDSA key; every buffer holding the scalar is zeroed before return.
 * @param params - The sealed key and the client's decryption key pair.
 * @throws WalletAuthError `SEALED_KEY_MALFORMED` (checksum, length, point, scalar range),
 * `DECRYPT_FAILED` (AEAD failure, e.g. sealed to another key), `KEY_USAGE_INVALID`.
 */
export async function decryptSessionKey(params: DecryptSessionKeyParams): Promise<SigningKeyPair> {
  let payload: Uint8Array;
  try {
    payload = await decodeBase58Check(params.encryptedSessionSigningKey);
  } catch (cause) {
    throw malformed('Sealed session key is not valid base58check', cause);
  }
  if (payload.length !== sealedKeyLength) {
    throw malformed('Sealed session key has the wrong length');
  }
  const enc = payload.subarray(0, encLength);
  if (enc[0] !== 0x02 && enc[0] !== 0x03) {
    throw malformed('Sealed session key enc is not a compressed P-256 point');
  }
  let scalar: Uint8Array;
  try {
    // hpkeOpen checks that enc is a point as it decompresses it (natively where it can).
    scalar = await hpkeOpen({
      recipientKeyPair: params.clientKeyPair,
      encappedPublicKey: enc,
      ciphertext: payload.subarray(encLength),
    });
  } catch (error) {
    if (error instanceof WalletAuthError && error.code === 'PUBLIC_KEY_INVALID') {
      throw malformed('Sealed session key enc is not a P-256 point', error);
    }
    throw error;
  }
  try {
    return await importPrivateScalar(scalar, 'signing');
  } finally {
    zeroize(scalar);
  }
}
