import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { decryptSessionKey } from '../crypto/decrypt-session-key.js';
import { hpkeSeal } from '../crypto/hpke.js';
import { compressPublicKey } from '../crypto/p256.js';
import { createStamp, verifyStamp } from '../crypto/stamp.js';
import { encodeBase58Check } from '../encoding/base58check.js';
import { hexToBytes } from '../encoding/hex.js';
import type { WalletAuthError } from '../errors/wallet-auth-error.js';
import { concatBytes } from '../internal/bytes.js';
import { importPrivateScalar } from './import-private-scalar.js';
import { createIndexedDbKeyStore } from './indexed-db-key-store.js';
import {
  type DecryptionKeyPair,
  generateDecryptionKeyPair,
  generateSigningKeyPair,
  type SigningKeyPair,
} from './key-pair.js';

// Real Chromium IndexedDB and WebCrypto (docs/contributing.md §2.7: browser-only APIs in a real browser).
const run = crypto.randomUUID().slice(0, 8);
const namespaces: string[] = [];

function namespace(label: string): string {
  const name = `${label}-${run}`;
  namespaces.push(name);
  return name;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

afterAll(async () => {
  for (const name of namespaces) {
    await new Promise<void>((resolve) => {
      const request = indexedDB.deleteDatabase(`${name}.keys`);
      request.onsuccess = () => resolve();
      request.onerror = () => resolve();
      request.onblocked = () => resolve();
    });
  }
});

describe('IndexedDB key store in Chromium', () => {
  it('given a reload (a fresh store over the same IndexedDB), the signing key should survive and still sign', async () => {
    const name = namespace('reload');
    const before = createIndexedDbKeyStore({ namespace: name });
    const keyPair = await generateSigningKeyPair();
    await before.save('session', keyPair, { metadata: { sessionId: 'Session:reload' } });

    const after = createIndexedDbKeyStore({ namespace: name });
    expect(await after.getPersistence()).toBe('indexeddb');
    const health = await after.checkHealth('session', {
      expectedPublicKey: keyPair.compressedPublicKeyHex,
    });
    expect(health.status).toBe('present');
    const loaded = await after.load('session');
    expect(loaded?.keyPair.privateKey).toBeInstanceOf(CryptoKey);
    expect(loaded?.metadata).toEqual({ sessionId: 'Session:reload' });
    const stamp = await createStamp({
      payload: 'signed after reload',
      keyPair: loaded!.keyPair as SigningKeyPair,
    });
    expect(await verifyStamp({ stamp, payload: 'signed after reload' })).toBe(true);
  });

  it('given a reload, a stored ECDH client key should still open a sealed session key (OAuth redirect)', async () => {
    const name = namespace('redirect');
    const clientKey = await generateDecryptionKeyPair();
    await createIndexedDbKeyStore({ namespace: name }).save('oauth-pending', clientKey);
    const loaded = await createIndexedDbKeyStore({ namespace: name }).load('oauth-pending');
    // Any 32 bytes below n are a valid scalar: a leading 0x01 guarantees it.
    const scalar = crypto.getRandomValues(new Uint8Array(32));
    scalar[0] = 0x01;
    const expected = await importPrivateScalar(scalar.slice(), 'signing');
    const sealed = await hpkeSeal({
      recipientPublicKey: clientKey.publicKeyHex,
      plaintext: scalar,
    });
    const encryptedSessionSigningKey = await encodeBase58Check(
      concatBytes(hexToBytes(compressPublicKey(sealed.encappedPublicKey)), sealed.ciphertext),
    );
    const sessionKey = await decryptSessionKey({
      encryptedSessionSigningKey,
      clientKeyPair: loaded!.keyPair as DecryptionKeyPair,
    });
    expect(sessionKey.privateKey.extractable).toBe(false);
    expect(sessionKey.publicKeyHex).toBe(expected.publicKeyHex);
  });

  it('KEY-01: exportKey of a stored private key should fail in every format', async () => {
    const name = namespace('export');
    await createIndexedDbKeyStore({ namespace: name }).save(
      'session',
      await generateSigningKeyPair(),
    );
    const loaded = await createIndexedDbKeyStore({ namespace: name }).load('session');
    expect(loaded?.keyPair.privateKey.extractable).toBe(false);
    for (const format of ['pkcs8', 'jwk', 'raw'] as const) {
      await expect(crypto.subtle.exportKey(format, loaded!.keyPair.privateKey)).rejects.toThrow();
    }
    await expect(crypto.subtle.exportKey('raw', loaded!.keyPair.publicKey)).resolves.toBeInstanceOf(
      ArrayBuffer,
    );
  });

  it('KEY-04: given an IndexedDB factory whose open throws SecurityError, health should be unsupported, not an exception', async () => {
    const warnings: WalletAuthError[] = [];
    const blocked = {
      open: () => {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
    } as unknown as IDBFactory;
    const store = createIndexedDbKeyStore({
      namespace: namespace('blocked'),
      indexedDB: blocked,
      onWarning: (w) => warnings.push(w),
    });
    const health = await store.checkHealth('session');
    expect(health).toMatchObject({
      status: 'unsupported',
      error: { code: 'KEY_STORE_UNAVAILABLE' },
    });
    await store.save('session', await generateSigningKeyPair());
    expect(await store.checkHealth('session')).toMatchObject({
      status: 'present',
      persistence: 'memory',
    });
    expect(warnings).toHaveLength(1);
  });

  it('KEY-03: given a truly absent indexedDB global, health should be unsupported and keys live in memory', async () => {
    vi.stubGlobal('indexedDB', undefined);
    expect(globalThis.indexedDB).toBeUndefined();
    const store = createIndexedDbKeyStore({ namespace: namespace('absent') });
    expect((await store.checkHealth('session')).status).toBe('unsupported');
    expect(await store.getPersistence()).toBe('memory');
    const keyPair = await generateSigningKeyPair();
    await store.save('session', keyPair);
    expect((await store.load('session'))?.keyPair.publicKeyHex).toBe(keyPair.publicKeyHex);
  });

  it('given two namespaces on one origin, they should stay apart', async () => {
    const a = createIndexedDbKeyStore({ namespace: namespace('widget-a') });
    const b = createIndexedDbKeyStore({ namespace: namespace('widget-b') });
    const keyA = await generateSigningKeyPair();
    const keyB = await generateSigningKeyPair();
    await a.save('session', keyA);
    await b.save('session', keyB);
    expect(
      (await createIndexedDbKeyStore({ namespace: a.namespace }).load('session'))?.keyPair
        .publicKeyHex,
    ).toBe(keyA.publicKeyHex);
    expect(
      (await createIndexedDbKeyStore({ namespace: b.namespace }).load('session'))?.keyPair
        .publicKeyHex,
    ).toBe(keyB.publicKeyHex);
    await a.delete('session');
    expect(await a.load('session')).toBeUndefined();
    expect((await b.load('session'))?.keyPair.publicKeyHex).toBe(keyB.publicKeyHex);
  });
});
