import { uncompressedPointFromX } from '../crypto/p256.js';
import { utf8ToBytes } from '../encoding/utf8.js';
import type { KeyPurpose } from './key-pair.js';

/** WebCrypto algorithm of each purpose (wire-format §7: ECDSA signs, ECDH decrypts). */
export const purposeAlgorithms = {
  signing: { name: 'ECDSA', namedCurve: 'P-256' },
  decryption: { name: 'ECDH', namedCurve: 'P-256' },
} as const;

/** Private and public key usages of each purpose. */
export const purposeUsages: Record<KeyPurpose, { private: KeyUsage[]; public: KeyUsage[] }> = {
  signing: { private: ['sign'], public: ['verify'] },
  decryption: { private: ['deriveBits'], public: [] },
};

// The P-256 base point G, pub65 (SEC 2 §2.4.2).
const generator = new Uint8Array([
  0x04, 0x6b, 0x17, 0xd1, 0xf2, 0xe1, 0x2c, 0x42, 0x47, 0xf8, 0xbc, 0xe6, 0xe5, 0x63, 0xa4, 0x40,
  0xf2, 0x77, 0x03, 0x7d, 0x81, 0x2d, 0xeb, 0x33, 0xa0, 0xf4, 0xa1, 0x39, 0x45, 0xd8, 0x98, 0xc2,
  0x96, 0x4f, 0xe3, 0x42, 0xe2, 0xfe, 0x1a, 0x7f, 0x9b, 0x8e, 0xe7, 0xeb, 0x4a, 0x7c, 0x0f, 0x9e,
  0x16, 0x2b, 0xce, 0x33, 0x57, 0x6b, 0x31, 0x5e, 0xce, 0xcb, 0xb6, 0x40, 0x68, 0x37, 0xbf, 0x51,
  0xf5,
]);
const ecdsaSha256 = { name: 'ECDSA', hash: 'SHA-256' } as const;
const probe = utf8ToBytes('wallet-auth: which y is the public key');

/**
 * Imports a PKCS#8 P-256 private key that lacks its public key and finds that public key with
 * WebCrypto alone, the private key staying non-extractable: ECDH of the key with G gives x of d·G;
 * of the two points with that x, (x, y) and (x, −y), an ECDSA signature by d verifies under exactly
 * one. Returns `undefined` when this WebCrypto refuses such a PKCS#8 (it then needs the public key
 * inside, see `scalar-key-pair-noble.ts`) or cannot complete the check.
 * @param subtle - WebCrypto.
 * @param pkcs8 - PrivateKeyInfo without the ECPrivateKey's publicKey.
 * @param purpose - `signing` or `decryption`.
 */
export async function keyPairFromShortPkcs8(
  subtle: SubtleCrypto,
  pkcs8: Uint8Array<ArrayBuffer>,
  purpose: KeyPurpose,
): Promise<CryptoKeyPair | undefined> {
  try {
    const ecdh = purposeAlgorithms.decryption;
    const ecdsa = purposeAlgorithms.signing;
    const agreementKey = await subtle.importKey('pkcs8', pkcs8, ecdh, false, ['deriveBits']);
    const signingKey = await subtle.importKey('pkcs8', pkcs8, ecdsa, false, ['sign']);
    const base = await subtle.importKey('raw', generator, ecdh, false, []);
    const x = new Uint8Array(
      await subtle.deriveBits({ name: 'ECDH', public: base }, agreementKey, 256),
    );
    const signature = await subtle.sign(ecdsaSha256, signingKey, probe);
    for (const odd of [false, true]) {
      const candidate = uncompressedPointFromX(x, odd);
      if (candidate === undefined) {
        return undefined;
      }
      const verifier = await subtle.importKey('raw', candidate, ecdsa, false, ['verify']);
      if (await subtle.verify(ecdsaSha256, verifier, signature, probe)) {
        const publicKey = await subtle.importKey(
          'raw',
          candidate,
          purposeAlgorithms[purpose],
          true,
          purposeUsages[purpose].public,
        );
        return { privateKey: purpose === 'signing' ? signingKey : agreementKey, publicKey };
      }
    }
    return undefined;
  } catch {
    return undefined;
  }
}
