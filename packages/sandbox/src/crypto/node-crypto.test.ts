/**
 * The native backend against the portable one (docs/protocol.md §2–§3): the same points from the same
 * scalars, byte-identical RFC 6979 low-S signatures, the same verify answers (high-S accepted,
 * r and s outside [1, n) refused) and the same HPKE opens, vectors included.
 */
import { interopVectors as v } from '@wallet-auth/test-utils';
import { describe, expect, it } from 'vitest';
import { createSandbox } from '../app.js';
import { SandboxOptionsError } from '../options-error.js';
import { seededRandom } from '../test/harness.js';
import { portableCrypto } from './backend.js';
import { fromHex, fromUtf8, toHex, utf8 } from './encoding.js';
import { hpkeSeal } from './hpke.js';
import { nodeSandboxCrypto as native } from './node-crypto.js';
import { generateKeyPair, keyPairFromHex, P256_ORDER, parsePoint } from './p256.js';

const random = seededRandom(7);

describe('nodeSandboxCrypto', () => {
  it('given 50 seeded scalars, should derive the same points and the same RFC 6979 signatures as @noble/curves', () => {
    for (let i = 0; i < 50; i += 1) {
      const pair = generateKeyPair(random);
      expect(native.publicKeyOf(pair.privateKey).equals(pair.publicKey)).toBe(true);
      const message = random(i * 7);
      expect(native.sign(message, pair.privateKey)).toEqual(
        portableCrypto.sign(message, pair.privateKey),
      );
    }
  });

  it('given pub33 and pub65 hex, valid or not, should parse to the same points as @noble/curves', () => {
    const inputs: string[] = [];
    for (let i = 0; i < 20; i += 1) {
      const point = generateKeyPair(random).publicKey;
      inputs.push(toHex(point.toBytes(true)), toHex(point.toBytes(false)).toUpperCase());
      // Random x: about half are not on the curve.
      inputs.push(`0${2 + (i % 2)}${toHex(random(32))}`);
    }
    const p = 'ffffffff00000001000000000000000000000000ffffffffffffffffffffffff';
    inputs.push(`02${p}`, `03${'f'.repeat(64)}`, `02${'0'.repeat(64)}`, `04${'0'.repeat(128)}`);
    inputs.push(`05${'1'.repeat(64)}`, '02', `02${'1'.repeat(63)}`, `02${'g'.repeat(64)}`);
    let valid = 0;
    for (const hex of inputs) {
      const ours = native.parsePoint(hex);
      const theirs = portableCrypto.parsePoint(hex);
      expect(ours === undefined).toBe(theirs === undefined);
      if (ours !== undefined && theirs !== undefined) {
        valid += 1;
        expect(ours.equals(theirs)).toBe(true);
      }
    }
    expect(valid).toBeGreaterThan(40);
    expect(valid).toBeLessThan(inputs.length - 8);
  });

  it('given the vector enclave key, should give the low-S form of the vector target bundle signature (same r)', () => {
    const t = v.vectors.otpEncryptionTargetBundle;
    const key = keyPairFromHex(t.enclaveSigningPrivateKeyHex);
    const data = fromHex(JSON.parse(t.bundle).data as string)!;
    const ours = native.sign(data, key.privateKey);
    expect(ours.r.toString(16).padStart(64, '0')).toBe(
      JSON.parse(t.bundle).dataSignature.slice(8, 72),
    );
    expect(ours.s <= P256_ORDER / 2n).toBe(true);
  });

  it('given signatures, should verify as the portable backend does: high-S accepted, tampering and out-of-range r, s refused', async () => {
    const pair = generateKeyPair(random);
    const message = utf8('payload');
    const low = native.sign(message, pair.privateKey);
    const high = { r: low.r, s: P256_ORDER - low.s };
    const other = generateKeyPair(random).publicKey;
    const cases = [
      [low, message, pair.publicKey, true],
      [high, message, pair.publicKey, true],
      [low, utf8('payload '), pair.publicKey, false],
      [low, message, other, false],
      [{ r: 0n, s: low.s }, message, pair.publicKey, false],
      [{ r: low.r, s: P256_ORDER }, message, pair.publicKey, false],
      [{ r: P256_ORDER + low.r, s: low.s }, message, pair.publicKey, false],
    ] as const;
    for (const [signature, bytes, key, expected] of cases) {
      expect(await native.verify(signature, bytes, key)).toBe(expected);
      expect(await portableCrypto.verify(signature, bytes, key)).toBe(expected);
    }
  });

  it('given vectors.encryptedOtpBundle, should open the deterministic and the random sample', async () => {
    const o = v.vectors.encryptedOtpBundle;
    const recipient = keyPairFromHex(o.recipient.privateKeyHex);
    for (const wire of [o.deterministic.encryptedOtpBundle, o.randomSample.encryptedOtpBundle]) {
      const pair = JSON.parse(wire) as { encappedPublic: string; ciphertext: string };
      const plaintext = await native.hpkeOpen(
        recipient.privateKey,
        recipient.publicKey,
        fromHex(pair.encappedPublic)!,
        fromHex(pair.ciphertext)!,
      );
      expect(fromUtf8(plaintext!)).toBe(o.plaintext);
    }
  });

  it('given @hpke/core seals, should open them (enc pub65 or pub33) and refuse any flipped bit, a wrong key, a bad enc or a short ciphertext', async () => {
    const recipient = generateKeyPair(random);
    for (let i = 0; i < 10; i += 1) {
      const plaintext = random(1 + i * 13);
      const { enc, ciphertext } = await hpkeSeal(recipient.publicKey, plaintext);
      const open = (e: Uint8Array, c: Uint8Array, key = recipient) =>
        native.hpkeOpen(key.privateKey, key.publicKey, e, c);
      expect(toHex((await open(enc, ciphertext))!)).toBe(toHex(plaintext));
      const compressed = parsePoint(toHex(enc))!.toBytes(true);
      expect(toHex((await open(compressed, ciphertext))!)).toBe(toHex(plaintext));
      const flipped = ciphertext.slice();
      flipped[i % flipped.length]! ^= 1;
      expect(await open(enc, flipped)).toBeUndefined();
      const badEnc = enc.slice();
      badEnc[10]! ^= 1;
      expect(await open(badEnc, ciphertext)).toBeUndefined();
      expect(await open(enc, ciphertext.subarray(0, 15))).toBeUndefined();
      expect(await open(enc, ciphertext, generateKeyPair(random))).toBeUndefined();
    }
  });

  it('given option crypto without the four operations, should throw SandboxOptionsError', () => {
    const { parsePoint: _dropped, ...partial } = native;
    expect(() => createSandbox({ crypto: partial as typeof native })).toThrow(SandboxOptionsError);
    expect(createSandbox({ crypto: native }).options.crypto).toBe(native);
  });
});
