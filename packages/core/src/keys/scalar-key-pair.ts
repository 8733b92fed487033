import { isPublicKey, uncompressedPointFromX } from '../crypto/p256.js';
import { utf8ToBytes } from '../encoding/utf8.js';
import { zeroize } from '../internal/bytes.js';
import type { KeyPurpose } from './key-pair.js';

/** WebCrypto algorithm of each purpose (docs/protocol.md §7: ECDSA signs, ECDH decrypts). */
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

/** One DER element: its tag and where its contents lie. */
interface DerElement {
  tag: number;
  start: number;
  end: number;
}

/** Reads the DER element at `offset` (short or one/two-byte long lengths); `undefined` if it overruns. */
function readDer(bytes: Uint8Array, offset: number, limit: number): DerElement | undefined {
  const tag = bytes[offset];
  let length = bytes[offset + 1];
  let start = offset + 2;
  if (tag === undefined || length === undefined) {
    return undefined;
  }
  if (length > 0x80) {
    const size = length - 0x80;
    if (size > 2) {
      return undefined;
    }
    length = 0;
    for (let index = 0; index < size; index++) {
      length = length * 256 + (bytes[start + index] ?? 0);
    }
    start += size;
  } else if (length === 0x80) {
    return undefined;
  }
  const end = start + length;
  return end <= limit ? { tag, start, end } : undefined;
}

/** The elements of a constructed DER element, in order; `undefined` when one overruns. */
function derChildren(bytes: Uint8Array, parent: DerElement): DerElement[] | undefined {
  const children: DerElement[] = [];
  for (let offset = parent.start; offset < parent.end; ) {
    const child = readDer(bytes, offset, parent.end);
    if (child === undefined) {
      return undefined;
    }
    children.push(child);
    offset = child.end;
  }
  return children;
}

/**
 * The public key of an exported P-256 PKCS#8 (RFC 5208 PrivateKeyInfo around an RFC 5915
 * ECPrivateKey): the `[1] publicKey` BIT STRING, as pub65, checked to be a curve point;
 * `undefined` when the export does not carry it.
 * @param pkcs8 - The DER bytes.
 */
export function publicKeyFromPkcs8(pkcs8: Uint8Array): Uint8Array<ArrayBuffer> | undefined {
  const outer = readDer(pkcs8, 0, pkcs8.length);
  const info = outer?.tag === 0x30 ? derChildren(pkcs8, outer) : undefined;
  const privateKey = info?.[2];
  if (privateKey?.tag !== 0x04) {
    return undefined;
  }
  const ecPrivateKey = readDer(pkcs8, privateKey.start, privateKey.end);
  const members = ecPrivateKey?.tag === 0x30 ? derChildren(pkcs8, ecPrivateKey) : undefined;
  const tagged = members?.find((member) => member.tag === 0xa1);
  const bitString = tagged === undefined ? undefined : readDer(pkcs8, tagged.start, tagged.end);
  if (bitString?.tag !== 0x03 || bitString.end - bitString.start !== 66) {
    return undefined;
  }
  // The first content byte counts unused bits: 0 for a whole-byte key.
  const point = new Uint8Array(pkcs8.subarray(bitString.start + 1, bitString.end));
  return pkcs8[bitString.start] === 0 && isPublicKey(point) ? point : undefined;
}

/** WebCrypto implementations whose PKCS#8 export was seen without the public key. */
const exportLacksPublicKey = new WeakSet<SubtleCrypto>();

/**
 * Imports a PKCS#8 P-256 private key that lacks its public key and reads the public key
 * WebCrypto computed on import from an export of a transient extractable copy: four calls in
 * place of `keyPairFromShortPkcs8`'s nine and its square root in BigInt (an OAuth or passkey
 * sign-in's sealed key opened in about half the time in Chromium). The copy never leaves this
 * function and its export is zeroed once used; it holds nothing the caller's PKCS#8 did not (code
 * that could read the export could read that PKCS#8 as it is imported). The key returned is a
 * second, non-extractable import, of that export. Returns `undefined` when this WebCrypto does not export the
 * public key with the private key (Node's does not; the other paths are then tried).
 * @param subtle - WebCrypto.
 * @param pkcs8 - PrivateKeyInfo without the ECPrivateKey's publicKey.
 * @param purpose - `signing` or `decryption`.
 */
export async function keyPairFromPkcs8Export(
  subtle: SubtleCrypto,
  pkcs8: Uint8Array<ArrayBuffer>,
  purpose: KeyPurpose,
): Promise<(CryptoKeyPair & { publicKeyRaw: Uint8Array }) | undefined> {
  if (exportLacksPublicKey.has(subtle)) {
    return undefined;
  }
  let exported: Uint8Array | undefined;
  try {
    const transient = await subtle.importKey('pkcs8', pkcs8, purposeAlgorithms.signing, true, [
      'sign',
    ]);
    exported = new Uint8Array(await subtle.exportKey('pkcs8', transient));
    const point = publicKeyFromPkcs8(exported);
    if (point === undefined) {
      // This engine's export has no public key (Node's): not asked again.
      exportLacksPublicKey.add(subtle);
      return undefined;
    }
    const algorithm = purposeAlgorithms[purpose];
    // The export, which carries the public key, is what is imported again: WebCrypto then checks
    // that key instead of computing d·G anew (a fifth less than importing the short PKCS#8 in
    // Chromium).
    const [privateKey, publicKey] = await Promise.all([
      subtle.importKey(
        'pkcs8',
        exported as Uint8Array<ArrayBuffer>,
        algorithm,
        false,
        purposeUsages[purpose].private,
      ),
      subtle.importKey('raw', point, algorithm, true, purposeUsages[purpose].public),
    ]);
    return { privateKey, publicKey, publicKeyRaw: point };
  } catch {
    return undefined;
  } finally {
    zeroize(exported);
  }
}
