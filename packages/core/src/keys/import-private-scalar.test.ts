import { p256 } from '@noble/curves/nist.js';
import { interopVectors as vectors } from '@wallet-auth/test-utils';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bytesToHex, hexToBytes } from '../encoding/hex.js';
import { bigIntToBytes } from '../internal/bytes.js';
import { importPrivateScalar } from './import-private-scalar.js';
import type { KeyPurpose } from './key-pair.js';
import { publicKeyFromPkcs8 } from './scalar-key-pair.js';

/**
 * What the engine allows: everything (`engine`: Node exports a PKCS#8 without the public key, so
 * the ECDH-and-signature path runs; Chromium's, which carries it, is tested in the browser
 * project), no PKCS#8 export (`probe`), or neither that nor a PKCS#8 without the public key (`noble`).
 */
type Path = 'engine' | 'probe' | 'noble';

/**
 * Node's WebCrypto, recording the length of every PKCS#8 it is asked to import and every call;
 * made to refuse what an engine without the faster path refuses: `probe` exports no PKCS#8 (the
 * public key is found by ECDH and a signature), `noble` also refuses a PKCS#8 without the public
 * key, as some engines do.
 */
function recordingSubtle(path: Path) {
  const pkcs8Lengths: number[] = [];
  const calls: string[] = [];
  const subtle = {
    importKey: (...args: Parameters<SubtleCrypto['importKey']>) => {
      const [format, data] = args;
      calls.push(`importKey ${format}`);
      if (format === 'pkcs8') {
        const length = (data as Uint8Array).byteLength;
        pkcs8Lengths.push(length);
        if (path === 'noble' && length < 138) {
          return Promise.reject(new DOMException('Invalid keyData', 'DataError'));
        }
      }
      return crypto.subtle.importKey(...args);
    },
    deriveBits: (...args: Parameters<SubtleCrypto['deriveBits']>) => {
      calls.push('deriveBits');
      return crypto.subtle.deriveBits(...args);
    },
    sign: crypto.subtle.sign.bind(crypto.subtle),
    verify: crypto.subtle.verify.bind(crypto.subtle),
    exportKey: (format: KeyFormat, key: CryptoKey) => {
      calls.push(`exportKey ${format}`);
      if (format === 'pkcs8' && path !== 'engine') {
        return Promise.reject(new DOMException('Not supported', 'NotSupportedError'));
      }
      return crypto.subtle.exportKey(format, key);
    },
  } as unknown as SubtleCrypto;
  return { subtle: () => subtle, pkcs8Lengths, calls };
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

/** What `importEachVector` hands each path's own checks. */
interface VectorImport {
  keyPair: Awaited<ReturnType<typeof importPrivateScalar>>;
  key: (typeof vectors.keys)[keyof typeof vectors.keys];
  purpose: KeyPurpose;
  pkcs8Lengths: number[];
  calls: string[];
}

/**
 * Imports every vector key for both purposes on an engine restricted to `path`, checks the
 * public key and that the private key is non-extractable, then runs that path's own checks.
 */
async function importEachVector(path: Path, check: (result: VectorImport) => void) {
  for (const purpose of purposes) {
    for (const key of Object.values(vectors.keys)) {
      const { subtle, pkcs8Lengths, calls } = recordingSubtle(path);
      const keyPair = await importPrivateScalar(hexToBytes(key.privateKeyHex), purpose, subtle);
      expect(keyPair.publicKeyHex).toBe(key.publicKeyUncompressedHex);
      expect(keyPair.privateKey.extractable).toBe(false);
      check({ keyPair, key, purpose, pkcs8Lengths, calls });
    }
  }
}

describe('importPrivateScalar', () => {
  it('given the vector keys, should compute their public keys with WebCrypto alone (no public key in the PKCS#8)', async () => {
    await importEachVector('engine', ({ keyPair, key, purpose, pkcs8Lengths, calls }) => {
      expect(keyPair.compressedPublicKeyHex).toBe(key.publicKeyCompressedHex);
      expect(keyPair.purpose).toBe(purpose);
      expect(pkcs8Lengths.every((length) => length === 67)).toBe(true);
      // Tried first; Node's export carries no public key, so ECDH and a signature find it.
      expect(calls).toContain('exportKey pkcs8');
      expect(calls).toContain('deriveBits');
    });
  });

  it('given an engine whose PKCS#8 export lacks the public key, should not export again for the next key', async () => {
    const { subtle, calls } = recordingSubtle('engine');
    const [first, second] = Object.values(vectors.keys);
    await importPrivateScalar(hexToBytes(first!.privateKeyHex), 'signing', subtle);
    expect(calls.filter((call) => call === 'exportKey pkcs8')).toHaveLength(1);
    const keyPair = await importPrivateScalar(hexToBytes(second!.privateKeyHex), 'signing', subtle);
    expect(keyPair.publicKeyHex).toBe(second!.publicKeyUncompressedHex);
    expect(calls.filter((call) => call === 'exportKey pkcs8')).toHaveLength(1);
  });

  it('given an engine that exports no PKCS#8, should find the public keys by ECDH and a signature', async () => {
    await importEachVector('probe', ({ pkcs8Lengths, calls }) => {
      expect(pkcs8Lengths.every((length) => length === 67)).toBe(true);
      expect(calls).toContain('deriveBits');
    });
  });

  it('given an engine that needs the public key in the PKCS#8, should compute it with @noble/curves instead', async () => {
    await importEachVector('noble', ({ keyPair, purpose, pkcs8Lengths }) => {
      expect(keyPair.privateKey.usages).toEqual(purpose === 'signing' ? ['sign'] : ['deriveBits']);
      expect(pkcs8Lengths).toContain(138);
    });
  });

  it('given random scalars, should give the public key noble computes, on every path, as keys that work', async () => {
    const runs = { seed: 0x5ca1a, numRuns: 150 };
    await fc.assert(
      fc.asyncProperty(
        fc.bigInt({ min: 1n, max: p256.Point.CURVE().n - 1n }),
        fc.constantFrom(...purposes),
        fc.constantFrom<Path>('engine', 'probe', 'noble'),
        async (value, purpose, path) => {
          const scalar = bigIntToBytes(value, 32);
          const { subtle } = recordingSubtle(path);
          const keyPair = await importPrivateScalar(scalar, purpose, subtle);
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

describe('publicKeyFromPkcs8', () => {
  async function exportedPkcs8(): Promise<{ der: Uint8Array; publicKeyHex: string }> {
    const pair = (await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, [
      'sign',
    ])) as CryptoKeyPair;
    return {
      der: new Uint8Array(await crypto.subtle.exportKey('pkcs8', pair.privateKey)),
      publicKeyHex: bytesToHex(
        new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey)),
      ),
    };
  }

  it('given an exported PKCS#8, should read its public key', async () => {
    const { der, publicKeyHex } = await exportedPkcs8();
    expect(der.length).toBeGreaterThan(67);
    expect(bytesToHex(publicKeyFromPkcs8(der) ?? new Uint8Array())).toBe(publicKeyHex);
  });

  it('given a PKCS#8 without the public key, cut short, or with a bad point or bit count, should give undefined', async () => {
    const { der } = await exportedPkcs8();
    const withoutPublicKey = hexToBytes(vectors.keys.sessionKey.privateKeyHex);
    const short = new Uint8Array([...der.subarray(0, 35), ...withoutPublicKey]);
    short[1] = 0x41;
    const badPoint = der.slice();
    badPoint[badPoint.length - 1] = (badPoint[badPoint.length - 1] as number) ^ 1;
    const badBitCount = der.slice();
    badBitCount[badBitCount.length - 66] = 1;
    for (const bad of [
      short,
      der.subarray(0, der.length - 1),
      badPoint,
      badBitCount,
      new Uint8Array(),
      Uint8Array.of(0x30, 0x82, 0xff, 0xff),
      Uint8Array.of(0x30, 0x80),
    ]) {
      expect(publicKeyFromPkcs8(bad)).toBeUndefined();
    }
  });
});
