import { p256 } from '@noble/curves/nist.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import vectors from '../../../../../shared/vectors/interop-vectors.json' with { type: 'json' };
import { bytesToHex, hexToBytes } from '../encoding/hex.js';
import { bigIntToBytes } from '../internal/bytes.js';
import { importPrivateScalar } from './import-private-key.js';
import { importPrivateScalarWith } from './import-private-scalar.js';
import type { KeyPurpose } from './key-pair.js';

/**
 * Node's WebCrypto, recording the length of every PKCS#8 it is asked to import; with
 * `needsPublicKey` it refuses a PKCS#8 without the public key, as some engines do.
 */
function recordingSubtle(needsPublicKey: boolean) {
  const pkcs8Lengths: number[] = [];
  const subtle = {
    importKey: (...args: Parameters<SubtleCrypto['importKey']>) => {
      const [format, data] = args;
      if (format === 'pkcs8') {
        const length = (data as Uint8Array).byteLength;
        pkcs8Lengths.push(length);
        if (needsPublicKey && length < 138) {
          return Promise.reject(new DOMException('Invalid keyData', 'DataError'));
        }
      }
      return crypto.subtle.importKey(...args);
    },
    deriveBits: crypto.subtle.deriveBits.bind(crypto.subtle),
    sign: crypto.subtle.sign.bind(crypto.subtle),
    verify: crypto.subtle.verify.bind(crypto.subtle),
    exportKey: crypto.subtle.exportKey.bind(crypto.subtle),
  } as unknown as SubtleCrypto;
  return { subtle: () => subtle, pkcs8Lengths };
}

async function signsAndVerifies(
  keyPair: Awaited<ReturnType<typeof importPrivateScalar>>,
): Promise<boolean> {
  const message = new TextEncoder().encode('message');
  const algorithm = { name: 'ECDSA', hash: 'SHA-256' };
  const signature = await crypto.subtle.sign(algorithm, keyPair.privateKey, message);
  return crypto.subtle.verify(algorithm, keyPair.publicKey, signature, message);
}

const purposes: KeyPurpose[] = ['signing', 'decryption'];

describe('importPrivateScalar', () => {
  it('given the vector keys, should compute their public keys with WebCrypto alone (no public key in the PKCS#8)', async () => {
    for (const purpose of purposes) {
      for (const key of Object.values(vectors.keys)) {
        const { subtle, pkcs8Lengths } = recordingSubtle(false);
        const keyPair = await importPrivateScalarWith(
          subtle,
          hexToBytes(key.privateKeyHex),
          purpose,
        );
        expect(keyPair.publicKeyHex).toBe(key.publicKeyUncompressedHex);
        expect(keyPair.compressedPublicKeyHex).toBe(key.publicKeyCompressedHex);
        expect(keyPair.purpose).toBe(purpose);
        expect(keyPair.privateKey.extractable).toBe(false);
        expect(pkcs8Lengths.every((length) => length === 67)).toBe(true);
      }
    }
  });

  it('given an engine that needs the public key in the PKCS#8, should compute it with @noble/curves instead', async () => {
    for (const purpose of purposes) {
      for (const key of Object.values(vectors.keys)) {
        const { subtle, pkcs8Lengths } = recordingSubtle(true);
        const keyPair = await importPrivateScalarWith(
          subtle,
          hexToBytes(key.privateKeyHex),
          purpose,
        );
        expect(keyPair.publicKeyHex).toBe(key.publicKeyUncompressedHex);
        expect(keyPair.privateKey.extractable).toBe(false);
        expect(keyPair.privateKey.usages).toEqual(
          purpose === 'signing' ? ['sign'] : ['deriveBits'],
        );
        expect(pkcs8Lengths).toContain(138);
      }
    }
  });

  it('given random scalars, should give the public key noble computes, on both paths, as keys that work', async () => {
    const runs = { seed: 0x5ca1a, numRuns: 150 };
    await fc.assert(
      fc.asyncProperty(
        fc.bigInt({ min: 1n, max: p256.Point.CURVE().n - 1n }),
        fc.constantFrom(...purposes),
        fc.boolean(),
        async (value, purpose, needsPublicKey) => {
          const scalar = bigIntToBytes(value, 32);
          const { subtle } = recordingSubtle(needsPublicKey);
          const keyPair = await importPrivateScalarWith(subtle, scalar, purpose);
          expect(keyPair.publicKeyHex).toBe(bytesToHex(p256.getPublicKey(scalar, false)));
          expect(keyPair.privateKey.algorithm.name).toBe(purpose === 'signing' ? 'ECDSA' : 'ECDH');
          if (purpose === 'signing') {
            expect(await signsAndVerifies(keyPair)).toBe(true);
          }
          // The caller's scalar is left as is.
          expect(scalar).toEqual(bigIntToBytes(value, 32));
        },
      ),
      runs,
    );
  }, 30_000);

  it('given the smallest and largest scalars, should import both', async () => {
    const one = bigIntToBytes(1n, 32);
    const last = bigIntToBytes(p256.Point.CURVE().n - 1n, 32);
    const generator = bytesToHex(p256.Point.BASE.toBytes(false));
    expect((await importPrivateScalar(one, 'signing')).publicKeyHex).toBe(generator);
    expect((await importPrivateScalar(last, 'signing')).publicKeyHex).toBe(
      bytesToHex(p256.Point.BASE.negate().toBytes(false)),
    );
  });

  it('given a scalar out of range or of the wrong length, should throw SEALED_KEY_MALFORMED', async () => {
    for (const scalar of [
      new Uint8Array(32),
      bigIntToBytes(p256.Point.CURVE().n, 32),
      new Uint8Array(31).fill(1),
    ]) {
      await expect(importPrivateScalar(scalar, 'signing')).rejects.toMatchObject({
        code: 'SEALED_KEY_MALFORMED',
      });
    }
  });
});
