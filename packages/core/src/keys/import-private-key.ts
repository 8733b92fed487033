import { isPrivateScalar, publicKeyFromScalar } from '../crypto/p256.js';
import { WalletAuthError } from '../errors/wallet-auth-error.js';
import { concatBytes, zeroize } from '../internal/bytes.js';
import { getSubtle } from '../internal/web-crypto.js';
import { describeKeyPair, type KeyPurpose, type P256KeyPair } from './key-pair.js';

// PKCS#8 PrivateKeyInfo for id-ecPublicKey/prime256v1 wrapping an RFC 5915 ECPrivateKey with its
// public key: prefix ‖ d(32) ‖ middle ‖ pub65 (138 bytes). PKCS#8 rather than JWK because bytes
// can be zeroed after import, while a JWK `d` string cannot (wire-format §7: buffers zeroed).
const pkcs8Prefix = new Uint8Array([
  0x30, 0x81, 0x87, 0x02, 0x01, 0x00, 0x30, 0x13, 0x06, 0x07, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x02,
  0x01, 0x06, 0x08, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x03, 0x01, 0x07, 0x04, 0x6d, 0x30, 0x6b, 0x02,
  0x01, 0x01, 0x04, 0x20,
]);
const pkcs8Middle = new Uint8Array([0xa1, 0x44, 0x03, 0x42, 0x00]);

const algorithms = {
  signing: { name: 'ECDSA', namedCurve: 'P-256' },
  decryption: { name: 'ECDH', namedCurve: 'P-256' },
} as const;
const usages: Record<KeyPurpose, { private: KeyUsage[]; public: KeyUsage[] }> = {
  signing: { private: ['sign'], public: ['verify'] },
  decryption: { private: ['deriveBits'], public: [] },
};

/**
 * Imports a raw P-256 private scalar as a non-extractable key pair, its public key computed with
 * @noble/curves (wire-format §7). The caller's scalar is left as is; the DER copy made here is zeroed.
 * @param scalar - 32 big-endian bytes, 1 ≤ d < n.
 * @param purpose - `signing` (ECDSA) or `decryption` (ECDH).
 * @throws WalletAuthError `SEALED_KEY_MALFORMED` when the scalar is out of range or not 32 bytes.
 */
export async function importPrivateScalar<Purpose extends KeyPurpose>(
  scalar: Uint8Array,
  purpose: Purpose,
): Promise<P256KeyPair<Purpose>> {
  if (!isPrivateScalar(scalar)) {
    throw new WalletAuthError('SEALED_KEY_MALFORMED', 'The private key is not a P-256 scalar');
  }
  const publicKeyBytes = publicKeyFromScalar(scalar);
  const pkcs8 = concatBytes(pkcs8Prefix, scalar, pkcs8Middle, publicKeyBytes);
  try {
    const subtle = getSubtle();
    const privateKey = await subtle.importKey(
      'pkcs8',
      pkcs8,
      algorithms[purpose],
      false,
      usages[purpose].private,
    );
    const publicKey = await subtle.importKey(
      'raw',
      publicKeyBytes,
      algorithms[purpose],
      true,
      usages[purpose].public,
    );
    return (await describeKeyPair({ privateKey, publicKey })) as P256KeyPair<Purpose>;
  } finally {
    zeroize(pkcs8);
  }
}
