import { isPrivateScalar } from '../crypto/p256.js';
import { WalletAuthError } from '../errors/wallet-auth-error.js';
import { concatBytes, zeroize } from '../internal/bytes.js';
import { loadChunk } from '../internal/load-chunk.js';
import { getSubtle } from '../internal/web-crypto.js';
import {
  describeImportedKeyPair,
  describeKeyPair,
  type KeyPurpose,
  type P256KeyPair,
} from './key-pair.js';
import {
  keyPairFromPkcs8Export,
  keyPairFromShortPkcs8,
  purposeAlgorithms,
  purposeUsages,
} from './scalar-key-pair.js';

// PKCS#8 PrivateKeyInfo (RFC 5208) for id-ecPublicKey/prime256v1 wrapping an RFC 5915 ECPrivateKey
// without its optional publicKey: prefix ‖ d(32), 67 bytes. PKCS#8 rather than JWK because bytes
// can be zeroed after import, while a JWK `d` string cannot (docs/protocol.md §7: buffers zeroed).
const shortPkcs8Prefix = new Uint8Array([
  0x30, 0x41, 0x02, 0x01, 0x00, 0x30, 0x13, 0x06, 0x07, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x02, 0x01,
  0x06, 0x08, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x03, 0x01, 0x07, 0x04, 0x27, 0x30, 0x25, 0x02, 0x01,
  0x01, 0x04, 0x20,
]);

/**
 * Imports a raw P-256 private scalar as a non-extractable key pair (docs/protocol.md §7).
 * WebCrypto imports the scalar without a public key and computes d·G itself where it can
 * (Chromium, Node): the public key is read from the export of a transient extractable copy
 * (`keyPairFromPkcs8Export`, Chromium), or else found by ECDH and a signature
 * (`keyPairFromShortPkcs8`, Node); elsewhere the public key is computed with @noble/curves, loaded on demand, and
 * imported with it. The caller's scalar is left as is; every DER copy made here is zeroed.
 * @param scalar - 32 big-endian bytes, 1 ≤ d < n.
 * @param purpose - `signing` (ECDSA) or `decryption` (ECDH).
 * @param subtle - Returns the SubtleCrypto to use (tests pass one that, like some engines, refuses
 * a PKCS#8 key without its public key, to exercise the @noble/curves path). @defaultValue the
 * platform's WebCrypto
 * @throws WalletAuthError `SEALED_KEY_MALFORMED` when the scalar is out of range or not 32 bytes;
 * `NETWORK_ERROR` when the @noble/curves chunk is needed and cannot be loaded.
 */
export async function importPrivateScalar<Purpose extends KeyPurpose>(
  scalar: Uint8Array,
  purpose: Purpose,
  subtle: () => SubtleCrypto = getSubtle,
): Promise<P256KeyPair<Purpose>> {
  if (!isPrivateScalar(scalar)) {
    throw new WalletAuthError('SEALED_KEY_MALFORMED', 'The private key is not a P-256 scalar');
  }
  const pkcs8 = concatBytes(shortPkcs8Prefix, scalar);
  try {
    const fromExport = await keyPairFromPkcs8Export(subtle(), pkcs8, purpose);
    if (fromExport !== undefined) {
      // Its public key was imported from the bytes read in the export: not exported again.
      return (await describeImportedKeyPair(
        fromExport,
        fromExport.publicKeyRaw,
      )) as P256KeyPair<Purpose>;
    }
    const keyPair =
      (await keyPairFromShortPkcs8(subtle(), pkcs8, purpose)) ??
      (await (
        await loadChunk(() => import('./scalar-key-pair-noble.js'))
      ).keyPairWithNoble(subtle(), scalar, {
        algorithm: purposeAlgorithms[purpose],
        privateUsages: purposeUsages[purpose].private,
        publicUsages: purposeUsages[purpose].public,
      }));
    return (await describeKeyPair(keyPair)) as P256KeyPair<Purpose>;
  } finally {
    zeroize(pkcs8);
  }
}
