import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it, vi } from 'vitest';
import { createStamp, verifyStamp } from '../crypto/stamp.js';
import { createIndexedDbKeyStore } from './indexed-db-key-store.js';
import {
  generateDecryptionKeyPair,
  generateSigningKeyPair,
  type SigningKeyPair,
} from './key-pair.js';
import type { KeyStore } from './key-store.js';
import { createMemoryBackend, createMemoryKeyStore } from './memory-key-store.js';
import { createRecordKeyStore } from './record-key-store.js';

const clock = () => 1_700_000_000_000;

const implementations: [string, () => KeyStore][] = [
  ['memory', () => createMemoryKeyStore({ namespace: 'contract', now: clock })],
  [
    'indexeddb (fake-indexeddb)',
    () =>
      createIndexedDbKeyStore({ namespace: 'contract', indexedDB: new IDBFactory(), now: clock }),
  ],
];

describe.each(implementations)('KeyStore contract: %s', (_name, create) => {
  it('given a saved signing key, should load it with metadata, still non-extractable, and still signing', async () => {
    const store = create();
    const keyPair = await generateSigningKeyPair();
    await store.save('session', keyPair, { metadata: { sessionId: 'Session:1', expiresAt: 5 } });
    const loaded = await store.load('session');
    expect(loaded).toMatchObject({
      id: 'session',
      createdAt: clock(),
      metadata: { sessionId: 'Session:1', expiresAt: 5 },
    });
    expect(loaded?.keyPair.publicKeyHex).toBe(keyPair.publicKeyHex);
    expect(loaded?.keyPair.privateKey.extractable).toBe(false);
    const stamp = await createStamp({
      payload: 'after reload',
      keyPair: loaded!.keyPair as SigningKeyPair,
    });
    expect(await verifyStamp({ stamp, payload: 'after reload' })).toBe(true);
  });

  it('given a description the kit made, should save it as is; given a copy with another public key, should save the true one', async () => {
    const store = create();
    const keyPair = await generateSigningKeyPair();
    expect(Object.isFrozen(keyPair)).toBe(true);
    const exportKey = vi.spyOn(crypto.subtle, 'exportKey');
    try {
      const saved = await store.save('session', keyPair);
      expect(saved.keyPair).toBe(keyPair);
      expect(exportKey).not.toHaveBeenCalled();
      const other = await generateSigningKeyPair();
      const forged = { ...keyPair, publicKeyHex: other.publicKeyHex };
      const resaved = await store.save('session', forged);
      expect(exportKey).toHaveBeenCalled();
      expect(resaved.keyPair.publicKeyHex).toBe(keyPair.publicKeyHex);
      expect((await store.load('session'))?.keyPair.publicKeyHex).toBe(keyPair.publicKeyHex);
    } finally {
      exportKey.mockRestore();
    }
  });

  it('given a decryption key, should keep its purpose', async () => {
    const store = create();
    await store.save('oauth-pending', await generateDecryptionKeyPair());
    expect((await store.load('oauth-pending'))?.keyPair.purpose).toBe('decryption');
  });

  it('should report present, mismatched and missing health as values', async () => {
    const store = create();
    const keyPair = await generateSigningKeyPair();
    const other = await generateSigningKeyPair();
    expect(await store.checkHealth('session')).toEqual({ status: 'missing', reason: 'absent' });
    await store.save('session', keyPair);
    expect(
      await store.checkHealth('session', { expectedPublicKey: keyPair.compressedPublicKeyHex }),
    ).toMatchObject({
      status: 'present',
    });
    expect(
      await store.checkHealth('session', { expectedPublicKey: other.publicKeyHex }),
    ).toMatchObject({ status: 'mismatched' });
    await store.delete('session');
    expect(await store.checkHealth('session')).toEqual({ status: 'missing', reason: 'absent' });
  });

  it('given logout, delete and clear should remove keys, and deleting a missing key should not fail', async () => {
    const store = create();
    await store.save('a', await generateSigningKeyPair());
    await store.save('b', await generateSigningKeyPair());
    await store.delete('missing');
    await store.delete('a');
    expect(await store.load('a')).toBeUndefined();
    await store.clear();
    expect(await store.load('b')).toBeUndefined();
  });

  it('given a bad namespace or id, should throw CONFIGURATION_INVALID', async () => {
    expect(() => createMemoryKeyStore({ namespace: 'a b' })).toThrowError(
      expect.objectContaining({ code: 'CONFIGURATION_INVALID' }),
    );
    expect(() => createIndexedDbKeyStore({ namespace: '' })).toThrowError(
      expect.objectContaining({ code: 'CONFIGURATION_INVALID' }),
    );
    await expect(create().load('')).rejects.toMatchObject({ code: 'CONFIGURATION_INVALID' });
  });
});

describe('KEY-08: corrupt records', () => {
  async function corruptRecords(): Promise<Record<string, unknown>> {
    const good = await generateSigningKeyPair();
    const other = await generateSigningKeyPair();
    const extractable = await crypto.subtle.generateKey(
      { name: 'ECDSA', namedCurve: 'P-256' },
      true,
      ['sign', 'verify'],
    );
    const p384 = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-384' }, false, [
      'sign',
      'verify',
    ]);
    const ecdh = await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, false, [
      'deriveBits',
    ]);
    const base = {
      version: 1,
      purpose: 'signing',
      privateKey: good.privateKey,
      publicKey: good.publicKey,
      publicKeyHex: good.publicKeyHex,
      createdAt: 1,
      metadata: {},
    };
    return {
      string: 'garbage',
      nullValue: null,
      wrongVersion: { ...base, version: 2 },
      notACryptoKey: { ...base, privateKey: { type: 'private' } },
      wrongCurve: { ...base, privateKey: p384.privateKey, publicKey: p384.publicKey },
      missingSignUsage: { ...base, privateKey: ecdh.privateKey, publicKey: ecdh.publicKey },
      publicAsPrivate: { ...base, privateKey: good.publicKey },
      halvesMismatch: { ...base, publicKey: other.publicKey, publicKeyHex: other.publicKeyHex },
      recordedKeyMismatch: { ...base, publicKeyHex: other.publicKeyHex },
      extractable: {
        ...base,
        privateKey: extractable.privateKey,
        publicKey: extractable.publicKey,
      },
      wrongPurpose: { ...base, purpose: 'decryption' },
      secretMetadata: { ...base, metadata: { nested: { d: 1 } } },
    };
  }

  it('given each corrupt record, load should delete it and throw KEY_STORE_CORRUPT; health should say missing/corrupt', async () => {
    for (const [name, record] of Object.entries(await corruptRecords())) {
      const backend = createMemoryBackend();
      const store = createRecordKeyStore({ namespace: 'n', backend, now: clock });
      await backend.set('n:session', record as never);
      await expect(store.load('session'), name).rejects.toMatchObject({
        code: 'KEY_STORE_CORRUPT',
      });
      expect(await backend.get('n:session'), name).toBeUndefined();
      await backend.set('n:session', record as never);
      expect(await store.checkHealth('session'), name).toEqual({
        status: 'missing',
        reason: 'corrupt',
      });
      expect(await backend.get('n:session'), name).toBeUndefined();
    }
  });

  it('given no WebCrypto, should throw INSECURE_CONTEXT and keep the record rather than call it corrupt', async () => {
    const backend = createMemoryBackend();
    const store = createRecordKeyStore({ namespace: 'n', backend, now: clock });
    await store.save('session', await generateSigningKeyPair());
    vi.stubGlobal('crypto', {});
    try {
      await expect(store.load('session')).rejects.toMatchObject({ code: 'INSECURE_CONTEXT' });
      expect((await store.checkHealth('session')).status).toBe('unsupported');
    } finally {
      vi.unstubAllGlobals();
    }
    expect(await backend.get('n:session')).toBeDefined();
  });

  it('given a decryption record whose halves do not match, should be corrupt too', async () => {
    const one = await generateDecryptionKeyPair();
    const two = await generateDecryptionKeyPair();
    const backend = createMemoryBackend();
    const store = createRecordKeyStore({ namespace: 'n', backend, now: clock });
    await backend.set('n:k', {
      version: 1,
      purpose: 'decryption',
      privateKey: one.privateKey,
      publicKey: two.publicKey,
      publicKeyHex: two.publicKeyHex,
      createdAt: 1,
      metadata: {},
    });
    await expect(store.load('k')).rejects.toMatchObject({ code: 'KEY_STORE_CORRUPT' });
  });
});
