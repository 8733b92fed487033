import { weierstrass } from '@noble/curves/abstract/weierstrass.js';
import { bytesToNumberBE, concatBytes } from '@noble/curves/utils.js';

// Loaded on demand, only by engines whose WebCrypto refuses a PKCS#8 P-256 key without its public
// key (scalar-key-pair.ts). The scalar multiplication d·G is @noble/curves' (constant time). This
// module imports nothing from the kit, so its chunk shares no code with the kit's other chunks.

// NIST P-256 domain parameters (SEC 2 §2.4.2); only the point arithmetic of @noble/curves.
const p256Point = /* @__PURE__ */ weierstrass({
  p: 0xffffffff00000001000000000000000000000000ffffffffffffffffffffffffn,
  n: 0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551n,
  h: 1n,
  a: 0xffffffff00000001000000000000000000000000fffffffffffffffffffffffcn,
  b: 0x5ac635d8aa3a93e7b3ebbd55769886bc651d06b0cc53b0f63bce3c3e27d2604bn,
  Gx: 0x6b17d1f2e12c4247f8bce6e563a440f277037d812deb33a0f4a13945d898c296n,
  Gy: 0x4fe342e2fe1a7f9b8ee7eb4a7c0f9e162bce33576b315ececbb6406837bf51f5n,
});

// PKCS#8 PrivateKeyInfo for id-ecPublicKey/prime256v1 wrapping an RFC 5915 ECPrivateKey with its
// public key: prefix ‖ d(32) ‖ middle ‖ pub65 (138 bytes).
const pkcs8Prefix = new Uint8Array([
  0x30, 0x81, 0x87, 0x02, 0x01, 0x00, 0x30, 0x13, 0x06, 0x07, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x02,
  0x01, 0x06, 0x08, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x03, 0x01, 0x07, 0x04, 0x6d, 0x30, 0x6b, 0x02,
  0x01, 0x01, 0x04, 0x20,
]);
const pkcs8Middle = new Uint8Array([0xa1, 0x44, 0x03, 0x42, 0x00]);

/** How to import the key pair: WebCrypto algorithm and the usages of each half. */
export interface NobleImportParams {
  algorithm: EcKeyImportParams;
  privateUsages: KeyUsage[];
  publicUsages: KeyUsage[];
}

/**
 * Computes the pub65 of a private scalar, d·G, with @noble/curves (docs/protocol.md §7).
 * @param scalar - 32 bytes with 1 ≤ d < n, checked by the caller.
 */
export function publicKeyFromScalar(scalar: Uint8Array): Uint8Array<ArrayBuffer> {
  return new Uint8Array(p256Point.BASE.multiply(bytesToNumberBE(scalar)).toBytes(false));
}

/**
 * Imports a private scalar as a key pair with its public key computed here and placed in the
 * PKCS#8, for engines that need it; the DER copy is zeroed.
 * @param subtle - WebCrypto.
 * @param scalar - 32 bytes with 1 ≤ d < n, checked by the caller.
 * @param params - Algorithm and usages.
 */
export async function keyPairWithNoble(
  subtle: SubtleCrypto,
  scalar: Uint8Array,
  params: NobleImportParams,
): Promise<CryptoKeyPair> {
  const publicKeyBytes = publicKeyFromScalar(scalar);
  const pkcs8 = new Uint8Array(concatBytes(pkcs8Prefix, scalar, pkcs8Middle, publicKeyBytes));
  try {
    const privateKey = await subtle.importKey(
      'pkcs8',
      pkcs8,
      params.algorithm,
      false,
      params.privateUsages,
    );
    const publicKey = await subtle.importKey(
      'raw',
      publicKeyBytes,
      params.algorithm,
      true,
      params.publicUsages,
    );
    return { privateKey, publicKey };
  } finally {
    pkcs8.fill(0);
  }
}
