import { describe, expect, it } from 'vitest';
import vectors from '../../../../../shared/vectors/interop-vectors.json' with { type: 'json' };
import { hexToBytes } from '../encoding/hex.js';
import { importPrivateScalarWith } from './import-private-scalar.js';

/** Chromium's WebCrypto, recording the length of every PKCS#8 it imports; optionally refusing short ones. */
function recordingSubtle(needsPublicKey: boolean) {
  const pkcs8Lengths: number[] = [];
  const subtle = {
    importKey: (...args: Parameters<SubtleCrypto['importKey']>) => {
      const [format, data] = args;
      if (format === 'pkcs8') {
        pkcs8Lengths.push((data as Uint8Array).byteLength);
        if (needsPublicKey && (data as Uint8Array).byteLength < 138) {
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

describe('importPrivateScalar in Chromium', () => {
  it('should import a scalar without its public key and find the public key with WebCrypto alone', async () => {
    for (const purpose of ['signing', 'decryption'] as const) {
      for (const key of Object.values(vectors.keys)) {
        const { subtle, pkcs8Lengths } = recordingSubtle(false);
        const keyPair = await importPrivateScalarWith(
          subtle,
          hexToBytes(key.privateKeyHex),
          purpose,
        );
        expect(keyPair.publicKeyHex).toBe(key.publicKeyUncompressedHex);
        expect(keyPair.privateKey.extractable).toBe(false);
        // Only the 67-byte PKCS#8 without a public key: the @noble/curves chunk was not needed.
        expect(pkcs8Lengths.every((length) => length === 67)).toBe(true);
      }
    }
  });

  it('given an engine that refuses it, should fall back to the public key computed by @noble/curves', async () => {
    const key = vectors.keys.sessionKey;
    const { subtle, pkcs8Lengths } = recordingSubtle(true);
    const keyPair = await importPrivateScalarWith(subtle, hexToBytes(key.privateKeyHex), 'signing');
    expect(keyPair.publicKeyHex).toBe(key.publicKeyUncompressedHex);
    expect(keyPair.privateKey.extractable).toBe(false);
    expect(pkcs8Lengths).toContain(138);
  });
});
