import { interopVectors as vectors } from '@wallet-auth/test-utils';
import { describe, expect, it } from 'vitest';
import { hexToBytes } from '../encoding/hex.js';
import { importPrivateScalar } from './import-private-scalar.js';

/** Chromium's WebCrypto, recording the length of every PKCS#8 it imports; optionally refusing short ones. */
function recordingSubtle(needsPublicKey: boolean) {
  const pkcs8Lengths: number[] = [];
  const calls: string[] = [];
  const subtle = {
    importKey: (...args: Parameters<SubtleCrypto['importKey']>) => {
      const [format, data] = args;
      calls.push(`importKey ${format}`);
      if (format === 'pkcs8') {
        pkcs8Lengths.push((data as Uint8Array).byteLength);
        if (needsPublicKey && (data as Uint8Array).byteLength < 138) {
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
      return crypto.subtle.exportKey(format, key);
    },
  } as unknown as SubtleCrypto;
  return { subtle: () => subtle, pkcs8Lengths, calls };
}

describe('importPrivateScalar in Chromium', () => {
  it('should import a scalar without its public key and read the public key from a PKCS#8 export', async () => {
    for (const purpose of ['signing', 'decryption'] as const) {
      for (const key of Object.values(vectors.keys)) {
        const { subtle, pkcs8Lengths, calls } = recordingSubtle(false);
        const keyPair = await importPrivateScalar(hexToBytes(key.privateKeyHex), purpose, subtle);
        expect(keyPair.publicKeyHex).toBe(key.publicKeyUncompressedHex);
        expect(keyPair.privateKey.extractable).toBe(false);
        // The 67-byte PKCS#8 without a public key, then Chromium's export of it, which carries
        // the public key: no ECDH-and-signature search, and the @noble/curves chunk not needed.
        expect(calls).toEqual([
          'importKey pkcs8',
          'exportKey pkcs8',
          'importKey pkcs8',
          'importKey raw',
        ]);
        expect(pkcs8Lengths[0]).toBe(67);
        expect(pkcs8Lengths[1]).toBeGreaterThan(67);
      }
    }
  });

  it('given an engine that refuses it, should fall back to the public key computed by @noble/curves', async () => {
    const key = vectors.keys.sessionKey;
    const { subtle, pkcs8Lengths } = recordingSubtle(true);
    const keyPair = await importPrivateScalar(hexToBytes(key.privateKeyHex), 'signing', subtle);
    expect(keyPair.publicKeyHex).toBe(key.publicKeyUncompressedHex);
    expect(keyPair.privateKey.extractable).toBe(false);
    expect(pkcs8Lengths).toContain(138);
  });
});
