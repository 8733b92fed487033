import { generateKeyPairSync } from 'node:crypto';
import { interopVectors as vectors } from '@wallet-auth/test-utils';
import { describe, expect, it } from 'vitest';
import { bytesToHex, hexToBytes } from '../encoding/hex.js';
import {
  compressExportedPublicKey,
  compressPublicKey,
  decompressPublicKey,
  isPrivateScalar,
  isPublicKey,
  P256_ORDER,
  publicKeysEqual,
  toUncompressedPublicKey,
} from './p256.js';

describe('P-256 points', () => {
  it('KEY-11: given 10k random keys, should compress with the y-parity prefix and decompress to the same point', () => {
    for (let index = 0; index < 10_000; index++) {
      // OpenSSL generates the keys, so the check does not lean on the code under test.
      const { publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
      const raw = publicKey.export({ format: 'der', type: 'spki' }).subarray(-65);
      const uncompressed = bytesToHex(raw);
      const compressed = compressPublicKey(uncompressed);
      const yIsOdd = ((raw[64] as number) & 1) === 1;
      expect(compressed).toMatch(/^0[23][0-9a-f]{64}$/);
      expect(compressed).toBe(`${yIsOdd ? '03' : '02'}${uncompressed.slice(2, 66)}`);
      expect(decompressPublicKey(compressed)).toBe(uncompressed);
      expect(compressExportedPublicKey(raw)).toBe(compressed);
    }
  }, 30_000);

  it('given a WebCrypto export that is not 65 bytes of 04 ‖ x ‖ y, should compress it only through the checks', () => {
    const { publicKeyCompressedHex, publicKeyUncompressedHex } = vectors.keys.sessionKey;
    expect(compressExportedPublicKey(hexToBytes(publicKeyCompressedHex))).toBe(
      publicKeyCompressedHex,
    );
    for (const bad of [new Uint8Array(65), hexToBytes(`05${publicKeyUncompressedHex.slice(2)}`)]) {
      expect(() => compressExportedPublicKey(bad)).toThrowError(
        expect.objectContaining({ code: 'PUBLIC_KEY_INVALID' }),
      );
    }
  });

  it('given the vector keys, should map pub65 and pub33 to each other', () => {
    for (const key of Object.values(vectors.keys)) {
      expect(compressPublicKey(key.publicKeyUncompressedHex)).toBe(key.publicKeyCompressedHex);
      expect(decompressPublicKey(key.publicKeyCompressedHex)).toBe(key.publicKeyUncompressedHex);
    }
  });

  it('given off-curve, infinity, wrong-length, bad-prefix or non-hex keys, should reject with PUBLIC_KEY_INVALID', () => {
    const valid = vectors.keys.sessionKey.publicKeyUncompressedHex;
    const offCurve = `${valid.slice(0, -2)}${valid.endsWith('a3') ? 'a4' : 'a3'}`;
    const bad = [
      offCurve,
      '00',
      `05${valid.slice(2)}`,
      valid.slice(0, -2),
      `${valid}00`,
      'zz',
      `02${'ff'.repeat(32)}`,
    ];
    for (const key of bad) {
      expect(isPublicKey(key)).toBe(false);
      expect(() => toUncompressedPublicKey(key)).toThrowError(
        expect.objectContaining({ code: 'PUBLIC_KEY_INVALID' }),
      );
    }
  });

  it('should compare keys as points, never as strings', () => {
    const { publicKeyCompressedHex, publicKeyUncompressedHex } = vectors.keys.sessionKey;
    expect(publicKeysEqual(publicKeyCompressedHex, publicKeyUncompressedHex.toUpperCase())).toBe(
      true,
    );
    expect(
      publicKeysEqual(publicKeyCompressedHex, vectors.keys.otpTargetKey.publicKeyCompressedHex),
    ).toBe(false);
    expect(publicKeysEqual('nonsense', 'nonsense')).toBe(false);
  });

  it('should accept private scalars 1 ≤ d < n of 32 bytes only', () => {
    const order = hexToBytes(P256_ORDER.toString(16).padStart(64, '0'));
    const orderMinusOne = order.slice();
    orderMinusOne[31] = (orderMinusOne[31] as number) - 1;
    const one = new Uint8Array(32);
    one[31] = 1;
    expect(isPrivateScalar(one)).toBe(true);
    expect(isPrivateScalar(orderMinusOne)).toBe(true);
    expect(isPrivateScalar(order)).toBe(false);
    expect(isPrivateScalar(new Uint8Array(32))).toBe(false);
    expect(isPrivateScalar(new Uint8Array(31).fill(1))).toBe(false);
  });
});
