import { afterEach, describe, expect, it, vi } from 'vitest';
import { publicKeysEqual } from '../crypto/p256.js';
import { createStamp } from '../crypto/stamp.js';
import {
  describeKeyPair,
  generateDecryptionKeyPair,
  generateSigningKeyPair,
  purposeOf,
} from './key-pair.js';
import { createMemoryKeyStore } from './memory-key-store.js';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('key pairs', () => {
  it('KEY-19: given no crypto.subtle (insecure context), should fail with INSECURE_CONTEXT before doing anything', async () => {
    const keyPair = await generateSigningKeyPair();
    vi.stubGlobal('crypto', {});
    await expect(generateSigningKeyPair()).rejects.toMatchObject({ code: 'INSECURE_CONTEXT' });
    await expect(generateDecryptionKeyPair()).rejects.toMatchObject({ code: 'INSECURE_CONTEXT' });
    await expect(createStamp({ payload: 'p', keyPair })).rejects.toMatchObject({
      code: 'INSECURE_CONTEXT',
    });
  });

  it('KEY-01: given generated key pairs, should refuse exporting the private key as pkcs8, jwk and raw', async () => {
    for (const keyPair of [await generateSigningKeyPair(), await generateDecryptionKeyPair()]) {
      expect(keyPair.privateKey.extractable).toBe(false);
      for (const format of ['pkcs8', 'jwk', 'raw'] as const) {
        await expect(crypto.subtle.exportKey(format, keyPair.privateKey)).rejects.toThrow();
      }
      const raw = new Uint8Array(await crypto.subtle.exportKey('raw', keyPair.publicKey));
      expect(raw).toHaveLength(65);
      expect(keyPair.publicKeyHex).toMatch(/^04[0-9a-f]{128}$/);
      expect(publicKeysEqual(keyPair.publicKeyHex, keyPair.compressedPublicKeyHex)).toBe(true);
    }
  });

  it('given generated pairs, should tag ECDSA as signing and ECDH as decryption', async () => {
    const signing = await generateSigningKeyPair();
    const decryption = await generateDecryptionKeyPair();
    expect(signing.purpose).toBe('signing');
    expect(decryption.purpose).toBe('decryption');
    expect(purposeOf(signing.privateKey)).toBe('signing');
    expect(purposeOf(decryption.privateKey)).toBe('decryption');
  });

  it('KEY-02: given an extractable key pair, should throw KEY_EXTRACTABLE and write nothing', async () => {
    const extractable = await crypto.subtle.generateKey(
      { name: 'ECDSA', namedCurve: 'P-256' },
      true,
      ['sign', 'verify'],
    );
    await expect(describeKeyPair(extractable)).rejects.toMatchObject({ code: 'KEY_EXTRACTABLE' });
    const store = createMemoryKeyStore();
    const disguised = {
      ...(await generateSigningKeyPair()),
      privateKey: extractable.privateKey,
      publicKey: extractable.publicKey,
    };
    await expect(store.save('session', disguised)).rejects.toMatchObject({
      code: 'KEY_EXTRACTABLE',
    });
    expect(await store.load('session')).toBeUndefined();
  });

  it('given keys of another curve, algorithm or usage, should throw KEY_USAGE_INVALID', async () => {
    const p384 = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-384' }, false, [
      'sign',
      'verify',
    ]);
    const signing = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, [
      'sign',
      'verify',
    ]);
    const ecdh = await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, false, [
      'deriveBits',
    ]);
    for (const pair of [
      p384,
      { privateKey: signing.publicKey, publicKey: signing.publicKey },
      { privateKey: signing.privateKey, publicKey: ecdh.publicKey },
    ]) {
      await expect(describeKeyPair(pair)).rejects.toMatchObject({ code: 'KEY_USAGE_INVALID' });
    }
  });
});
