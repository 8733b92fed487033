import { interopVectors as vectors } from '@wallet-auth/test-utils';
import { describe, expect, it } from 'vitest';
import { decodeBase58Check, encodeBase58Check } from '../encoding/base58check.js';
import { hexToBytes } from '../encoding/hex.js';
import { isWalletAuthError } from '../errors/wallet-auth-error.js';
import { concatBytes } from '../internal/bytes.js';
import { importPrivateScalar } from '../keys/import-private-scalar.js';
import { type DecryptionKeyPair, generateDecryptionKeyPair } from '../keys/key-pair.js';
import { createClientKey, resolveSessionKey } from './client-key.js';
import { decryptSessionKey } from './decrypt-session-key.js';
import { hpkeSeal } from './hpke.js';
import { compressPublicKey, P256_ORDER } from './p256.js';
import { createStamp, decodeStamp, verifyStamp } from './stamp.js';

const vector = vectors.vectors.credentialBundle;

// The emulator's side of docs/protocol.md §7, for round trips: seal bytes to a client key.
async function sealToClient(plaintext: Uint8Array, clientPublicKeyHex: string): Promise<string> {
  const sealed = await hpkeSeal({ recipientPublicKey: clientPublicKeyHex, plaintext });
  return encodeBase58Check(
    concatBytes(hexToBytes(compressPublicKey(sealed.encappedPublicKey)), sealed.ciphertext),
  );
}

async function outcome(
  encryptedSessionSigningKey: string,
  clientKeyPair: DecryptionKeyPair,
): Promise<string> {
  try {
    const keyPair = await decryptSessionKey({ encryptedSessionSigningKey, clientKeyPair });
    return `ok:${keyPair.publicKeyHex}`;
  } catch (error) {
    return isWalletAuthError(error) ? error.code : `untyped:${String(error)}`;
  }
}

describe('decryptSessionKey (docs/protocol.md §7)', () => {
  it('KEY-16: given the vector, should import the session key as a non-extractable signing key that stamps', async () => {
    const client = await importPrivateScalar(
      hexToBytes(vector.recipient.privateKeyHex),
      'decryption',
    );
    const sessionKey = await decryptSessionKey({
      encryptedSessionSigningKey: vector.encryptedSessionSigningKey,
      clientKeyPair: client,
    });
    expect(sessionKey.publicKeyHex).toBe(vectors.keys.sessionKey.publicKeyUncompressedHex);
    expect(sessionKey.privateKey.extractable).toBe(false);
    expect(sessionKey.privateKey.algorithm.name).toBe('ECDSA');
    expect(sessionKey.privateKey.usages).toEqual(['sign']);
    const stamp = await createStamp({ payload: 'payload', keyPair: sessionKey });
    expect(decodeStamp(stamp).publicKey).toBe(vectors.keys.sessionKey.publicKeyCompressedHex);
    expect(await verifyStamp({ stamp, payload: 'payload' })).toBe(true);
  });

  it('given the Turnkey known answer, should recover its scalar', async () => {
    const { bundle, recipientPrivateKeyHex, expectedPlaintextHex } = vector.turnkeyKnownAnswer;
    const client = await importPrivateScalar(hexToBytes(recipientPrivateKeyHex), 'decryption');
    const expected = await importPrivateScalar(hexToBytes(expectedPlaintextHex), 'signing');
    expect(await outcome(bundle, client)).toBe(`ok:${expected.publicKeyHex}`);
  });

  it('KEY-01: given the imported session key, should refuse exportKey in every format', async () => {
    const client = await importPrivateScalar(
      hexToBytes(vector.recipient.privateKeyHex),
      'decryption',
    );
    const sessionKey = await decryptSessionKey({
      encryptedSessionSigningKey: vector.encryptedSessionSigningKey,
      clientKeyPair: client,
    });
    for (const format of ['pkcs8', 'jwk', 'raw'] as const) {
      await expect(crypto.subtle.exportKey(format, sessionKey.privateKey)).rejects.toThrow();
    }
  });

  it('HPKE-15: given a wrong checksum, a payload of the wrong length or an enc that fails to decompress, should throw SEALED_KEY_MALFORMED', async () => {
    const client = await generateDecryptionKeyPair();
    const payload = hexToBytes(vector.decodedPayloadHex);
    const badEnc = payload.slice();
    badEnc[0] = 0x04;
    const notOnCurve = payload.slice();
    notOnCurve.set(new Uint8Array(32).fill(0xff), 1);
    const cases = {
      checksum: `${vector.encryptedSessionSigningKey.slice(0, -1)}${vector.encryptedSessionSigningKey.endsWith('F') ? 'G' : 'F'}`,
      notBase58: `${vector.encryptedSessionSigningKey}0`,
      empty: '',
      short33: await encodeBase58Check(payload.slice(0, 33)),
      short80: await encodeBase58Check(payload.slice(0, 80)),
      long82: await encodeBase58Check(concatBytes(payload, new Uint8Array(1))),
      encPrefix: await encodeBase58Check(badEnc),
      encOffCurve: await encodeBase58Check(notOnCurve),
    };
    for (const [name, sealed] of Object.entries(cases)) {
      expect(await outcome(sealed, client), name).toBe('SEALED_KEY_MALFORMED');
    }
  });

  it('HPKE-16: given a key sealed to a different client key, should throw DECRYPT_FAILED', async () => {
    const other = await generateDecryptionKeyPair();
    expect(await outcome(vector.encryptedSessionSigningKey, other)).toBe('DECRYPT_FAILED');
  });

  it('given one flipped bit anywhere in the 81-byte payload, should throw SEALED_KEY_MALFORMED or DECRYPT_FAILED', async () => {
    const client = await importPrivateScalar(
      hexToBytes(vector.recipient.privateKeyHex),
      'decryption',
    );
    const payload = await decodeBase58Check(vector.encryptedSessionSigningKey);
    for (let bit = 0; bit < payload.length * 8; bit++) {
      const tampered = payload.slice();
      tampered[bit >> 3] = (tampered[bit >> 3] as number) ^ (1 << (bit & 7));
      const result = await outcome(await encodeBase58Check(tampered), client);
      expect(
        bit < 33 * 8 ? ['SEALED_KEY_MALFORMED', 'DECRYPT_FAILED'] : ['DECRYPT_FAILED'],
        `bit ${bit}`,
      ).toContain(result);
    }
  }, 30_000);

  it('KEY-17: given a decrypted scalar of 0, ≥ n or not 32 bytes, should throw SEALED_KEY_MALFORMED', async () => {
    const client = await generateDecryptionKeyPair();
    const order = hexToBytes(P256_ORDER.toString(16));
    for (const scalar of [new Uint8Array(32), order, new Uint8Array(32).fill(0xff)]) {
      expect(await outcome(await sealToClient(scalar, client.publicKeyHex), client)).toBe(
        'SEALED_KEY_MALFORMED',
      );
    }
    // A 31-byte scalar gives an 80-byte payload: the length check catches it first.
    expect(
      await outcome(await sealToClient(new Uint8Array(31).fill(1), client.publicKeyHex), client),
    ).toBe('SEALED_KEY_MALFORMED');
  });
});

describe('session key modes (docs/protocol.md §15)', () => {
  it('given the documented mode, should send a pub65 ECDH key and open the sealed key', async () => {
    const clientKey = await createClientKey();
    expect(clientKey.mode).toBe('documented');
    expect(clientKey.clientPublicKey).toMatch(/^04[0-9a-f]{128}$/);
    const scalar = hexToBytes(vectors.keys.sessionKey.privateKeyHex);
    const sealed = await sealToClient(scalar, clientKey.clientPublicKey);
    const sessionKey = await resolveSessionKey({ clientKey, encryptedSessionSigningKey: sealed });
    expect(sessionKey.publicKeyHex).toBe(vectors.keys.sessionKey.publicKeyUncompressedHex);
    await expect(
      resolveSessionKey({ clientKey, encryptedSessionSigningKey: undefined }),
    ).rejects.toMatchObject({
      code: 'PROTOCOL_ERROR',
    });
  });

  it('given the client-held mode, should send a pub33 of a non-extractable signing key that is the session key', async () => {
    const clientKey = await createClientKey('client-held');
    expect(clientKey.clientPublicKey).toMatch(/^0[23][0-9a-f]{64}$/);
    expect(clientKey.keyPair.privateKey.extractable).toBe(false);
    expect(await resolveSessionKey({ clientKey, encryptedSessionSigningKey: null })).toBe(
      clientKey.keyPair,
    );
    await expect(
      resolveSessionKey({
        clientKey,
        encryptedSessionSigningKey: vector.encryptedSessionSigningKey,
      }),
    ).rejects.toMatchObject({ code: 'PROTOCOL_ERROR' });
  });

  it('HPKE-19: given two authentications, should never reuse a client key', async () => {
    const first = await createClientKey();
    const second = await createClientKey();
    expect(first.clientPublicKey).not.toBe(second.clientPublicKey);
  });
});
