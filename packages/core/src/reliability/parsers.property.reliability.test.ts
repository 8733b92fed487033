/**
 * Reliability catalogue FUZZ-1 for the kit's parsers and encoders: the stamp, the OTP target
 * bundle, the sealed session key and base58check, DER, the verification token's claims, the 202
 * challenge and `Retry-After`. Each property runs 1,000 seeded cases in the test command;
 * `PROPERTY_RUNS=100000` (and `PROPERTY_SEED=<n>`) run more on demand, as `pnpm test:fuzz` does.
 * A failure prints its seed and path (fast-check), so it can be replayed exactly.
 */

import { interopVectors as vectors } from '@wallet-auth/test-utils';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseDerSignature, signatureToDerHex } from '../crypto/der.js';
import { resolveEnvironment } from '../crypto/environment.js';
import { hpkeSeal } from '../crypto/hpke.js';
import { compressPublicKey, P256_ORDER } from '../crypto/p256.js';
import { decodeStamp, encodeStamp, STAMP_SCHEME } from '../crypto/stamp.js';
import { assertVerificationTokenBinding } from '../crypto/verification-token.js';
import { hexToBytes } from '../encoding/hex.js';
import { CLIENT_ERROR_CODES, SERVER_ERROR_CODES } from '../errors/error-codes.js';
import { parseRetryAfter } from '../errors/parse-retry-after.js';
import { isWalletAuthError } from '../errors/wallet-auth-error.js';
import {
  createClientKey,
  decodeBase58Check,
  decryptSessionKey,
  encodeBase58Check,
  verifyOtpTargetBundle,
} from '../primitives.js';
import { parseChallenge } from '../signed-retry/signed-retry.challenge.js';

const RUNS = Number(process.env.PROPERTY_RUNS ?? 1000);
const runs = (seed: number, scale = 1) => ({
  numRuns: Math.max(1, Math.round(RUNS * scale)),
  seed: process.env.PROPERTY_SEED === undefined ? seed : Number(process.env.PROPERTY_SEED),
});
const KNOWN_CODES = new Set<string>([...SERVER_ERROR_CODES, ...CLIENT_ERROR_CODES]);

/** The code of a typed error, or `untyped: …` for anything else. */
function codeOf(error: unknown): string {
  if (isWalletAuthError(error) && KNOWN_CODES.has(error.code)) {
    return error.code;
  }
  return `untyped: ${String(error)}`;
}

const hex = (bytes: Uint8Array) =>
  Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
const scalar = fc.bigInt({ min: 1n, max: P256_ORDER - 1n });
const b64urlChar = fc.constantFrom(
  ...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_=+/.'.split(''),
);

/** One edit of a string: replace, delete or insert a character at a drawn position. */
const edit = (alphabet: fc.Arbitrary<string>) =>
  fc.record({ kind: fc.constantFrom('replace', 'delete', 'insert'), at: fc.nat(), char: alphabet });
function applyEdit(text: string, e: { kind: string; at: number; char: string }): string {
  const at = e.at % (text.length + 1);
  if (e.kind === 'delete') {
    return text.slice(0, at) + text.slice(at + 1);
  }
  if (e.kind === 'insert') {
    return text.slice(0, at) + e.char + text.slice(at);
  }
  return text.slice(0, at) + e.char + text.slice(at + 1);
}

describe('stamp (docs/protocol.md §2)', () => {
  const keys = Object.values(vectors.keys).map((key) => key.publicKeyCompressedHex);
  it('FUZZ-1: given any key of the vectors and any r, s in [1, n), should encode the fixed layout and decode back to the same members', () => {
    fc.assert(
      fc.property(fc.constantFrom(...keys), scalar, scalar, (publicKey, r, s) => {
        const signature = signatureToDerHex({ r, s });
        const value = encodeStamp({ publicKey, signature });
        const json = new TextDecoder().decode(
          Uint8Array.from(atob(value.replace(/-/g, '+').replace(/_/g, '/')), (c) =>
            c.charCodeAt(0),
          ),
        );
        expect(json).toBe(
          `{"publicKey":"${publicKey}","scheme":"${STAMP_SCHEME}","signature":"${signature}"}`,
        );
        expect(value).not.toMatch(/[=+/]/);
        const decoded = decodeStamp(value);
        expect(decoded).toMatchObject({ publicKey, scheme: STAMP_SCHEME, signature });
        expect(decoded.parsedSignature).toEqual({ r, s });
      }),
      runs(0x57a1),
    );
  });

  it('FUZZ-1: given a valid stamp with one character edited, or any string, should decode or throw WALLET_SIGNATURE_MALFORMED, nothing else', () => {
    const valid = encodeStamp({
      publicKey: vectors.keys.sessionKey.publicKeyCompressedHex,
      signature: signatureToDerHex({ r: 12345n, s: 67890n }),
    });
    fc.assert(
      fc.property(
        fc.oneof(
          fc
            .array(edit(b64urlChar), { minLength: 1, maxLength: 3 })
            .map((edits) => edits.reduce(applyEdit, valid)),
          fc.string({ maxLength: 300 }),
          fc.json().map((text) => btoa(text).replace(/=+$/, '')),
        ),
        (value) => {
          try {
            const decoded = decodeStamp(value);
            // Anything accepted is a complete, valid stamp.
            expect(decoded.scheme).toBe(STAMP_SCHEME);
            expect(decoded.parsedSignature.r > 0n && decoded.parsedSignature.r < P256_ORDER).toBe(
              true,
            );
          } catch (error) {
            expect(codeOf(error)).toBe('WALLET_SIGNATURE_MALFORMED');
          }
        },
      ),
      runs(0x57a2),
    );
  });
});

describe('DER signatures (docs/protocol.md §2)', () => {
  it('FUZZ-1: given arbitrary bytes, should never throw; whatever parses re-encodes to the same bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 80 }), (bytes) => {
        const parsed = parseDerSignature(bytes);
        if (parsed !== undefined) {
          expect(signatureToDerHex(parsed)).toBe(hex(bytes));
        }
      }),
      runs(0xde71),
    );
  });
});

describe('OTP target bundle (docs/protocol.md §4)', () => {
  const vector = vectors.vectors.otpEncryptionTargetBundle;
  const environment = resolveEnvironment({
    environment: 'sandbox',
    enclaveKeys: { otpSigner: vectors.keys.enclaveSigningKey.publicKeyUncompressedHex },
  });
  const bundle = vector.bundle;
  const target = JSON.parse(new TextDecoder().decode(hexToBytes(JSON.parse(bundle).data as string)))
    .targetPublic as string;

  it('FUZZ-1: given the vector bundle with up to three edits, should yield the same target or BUNDLE_MALFORMED / BUNDLE_SIGNATURE_INVALID, never another key', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(edit(fc.constantFrom(...'0123456789abcdefABCDEF"{}:,\' v'.split(''))), {
          minLength: 1,
          maxLength: 3,
        }),
        async (edits) => {
          const mutated = edits.reduce(applyEdit, bundle);
          try {
            const result = await verifyOtpTargetBundle(mutated, environment);
            expect(hex(result.targetPublicKey)).toBe(target.toLowerCase());
          } catch (error) {
            expect(['BUNDLE_MALFORMED', 'BUNDLE_SIGNATURE_INVALID']).toContain(codeOf(error));
          }
        },
      ),
      runs(0xb0d1),
    );
  });

  it('FUZZ-1: given the vector bundle in one pair of single quotes (the documentation quirk, §4 step 1), should accept it; unbalanced quotes or a lone quote should be BUNDLE_MALFORMED', async () => {
    const result = await verifyOtpTargetBundle(`'${bundle}'`, environment);
    expect(hex(result.targetPublicKey)).toBe(target.toLowerCase());
    for (const broken of [`'${bundle}`, `${bundle}'`, `''${bundle}''`, "'", "''"]) {
      await expect(
        verifyOtpTargetBundle(broken, environment).catch((error) => {
          throw new Error(codeOf(error));
        }),
        broken.slice(0, 3),
      ).rejects.toThrow(/^BUNDLE_MALFORMED$/);
    }
  });

  it('FUZZ-1: given arbitrary JSON shaped like a bundle, should reject with BUNDLE_MALFORMED or BUNDLE_SIGNATURE_INVALID', async () => {
    const member = fc.oneof(
      fc.string({ maxLength: 20 }),
      fc.string({ unit: fc.constantFrom(...'0123456789abcdef'.split('')), maxLength: 140 }),
      fc.jsonValue(),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.record(
          {
            version: fc.oneof(fc.constant('v1.0.0'), member),
            data: member,
            dataSignature: member,
            enclaveQuorumPublic: fc.oneof(
              fc.constant(vectors.keys.enclaveSigningKey.publicKeyUncompressedHex),
              member,
            ),
          },
          { requiredKeys: [] },
        ),
        fc.boolean(),
        async (shape, quoted) => {
          const text = JSON.stringify(shape);
          await expect(
            verifyOtpTargetBundle(quoted ? `'${text}'` : text, environment).catch((error) => {
              throw new Error(codeOf(error));
            }),
          ).rejects.toThrow(/^BUNDLE_(MALFORMED|SIGNATURE_INVALID)$/);
        },
      ),
      runs(0xb0d2),
    );
  });
});

describe('sealed session key and base58check (docs/protocol.md §7)', () => {
  it('FUZZ-1: given random payloads, base58check should round-trip, and any edited string decode to the same bytes or fail ENCODING_INVALID', async () => {
    const alphabet = fc.constantFrom(
      ...'123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz0OIl'.split(''),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.uint8Array({ maxLength: 90 }),
        fc.array(edit(alphabet), { maxLength: 2 }),
        async (payload, edits) => {
          const text = await encodeBase58Check(payload);
          expect(await decodeBase58Check(text)).toEqual(payload);
          const mutated = edits.reduce(applyEdit, text);
          try {
            const decoded = await decodeBase58Check(mutated);
            // A 4-byte checksum lets an edit through with probability 2^-32: only when unchanged.
            expect(hex(decoded)).toBe(hex(payload));
          } catch (error) {
            expect(codeOf(error)).toBe('ENCODING_INVALID');
          }
        },
      ),
      runs(0xba58),
    );
  });

  it('FUZZ-1: given a sealed key with edits, should open to the sealed key or fail SEALED_KEY_MALFORMED / DECRYPT_FAILED, never another key', async () => {
    const client = await createClientKey('documented');
    if (client.mode !== 'documented') {
      throw new Error('documented mode expected');
    }
    const secret = hexToBytes(vectors.keys.sessionKey.privateKeyHex);
    const sealed = await hpkeSeal({
      recipientPublicKey: client.clientPublicKey,
      plaintext: secret,
    });
    const text = await encodeBase58Check(
      new Uint8Array([
        ...hexToBytes(compressPublicKey(sealed.encappedPublicKey)),
        ...sealed.ciphertext,
      ]),
    );
    const expected = vectors.keys.sessionKey.publicKeyUncompressedHex;
    const payload = await decodeBase58Check(text);
    const base58 = fc.constantFrom(
      ...'123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'.split(''),
    );
    // Edits of the text (caught by the checksum), or of the payload re-encoded with a valid
    // checksum (caught by the length, point and AEAD checks).
    const mutation = fc.oneof(
      fc
        .array(edit(base58), { minLength: 1, maxLength: 2 })
        .map((edits) => async () => edits.reduce(applyEdit, text)),
      fc
        .record({ at: fc.nat(), xor: fc.integer({ min: 1, max: 255 }), cut: fc.nat({ max: 90 }) })
        .map(({ at, xor, cut }) => async () => {
          const bytes = payload.slice(0, Math.max(cut, 1));
          const index = at % bytes.length;
          bytes[index] = bytes[index]! ^ xor;
          return encodeBase58Check(bytes);
        }),
    );
    await fc.assert(
      fc.asyncProperty(mutation, async (make) => {
        const mutated = await make();
        try {
          const opened = await decryptSessionKey({
            encryptedSessionSigningKey: mutated,
            clientKeyPair: client.keyPair,
          });
          expect(opened.publicKeyHex).toBe(expected);
        } catch (error) {
          expect(['SEALED_KEY_MALFORMED', 'DECRYPT_FAILED']).toContain(codeOf(error));
        }
      }),
      runs(0x5ea1),
    );
  });
});

describe('OTP verification token claims (docs/protocol.md §6)', () => {
  const tek = vectors.keys.sessionKey;
  const b64url = (value: unknown) =>
    btoa(typeof value === 'string' ? value : JSON.stringify(value))
      .replace(/=+$/, '')
      .replace(/\+/g, '-')
      .replace(/\//g, '_');

  it('FUZZ-1: given any claims, should pass unless a public_key claim names another key, then refuse with PAYLOAD_INTENT_MISMATCH', () => {
    const otherKeys = Object.values(vectors.keys)
      .filter((key) => key.privateKeyHex !== tek.privateKeyHex)
      .map((key) => key.publicKeyCompressedHex);
    fc.assert(
      fc.property(
        fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 5 }),
        fc.oneof(
          fc.constant({ kind: 'none' as const }),
          fc
            .constantFrom(
              tek.publicKeyCompressedHex,
              tek.publicKeyUncompressedHex,
              tek.publicKeyUncompressedHex.toUpperCase(),
            )
            .map((value) => ({ kind: 'own' as const, value })),
          fc.constantFrom(...otherKeys).map((value) => ({ kind: 'other' as const, value })),
          fc.jsonValue().map((value) => ({ kind: 'junk' as const, value })),
        ),
        fc.jsonValue({ maxDepth: 1 }),
        (claims, claim, header) => {
          const payload = { ...claims };
          delete payload.public_key;
          if (claim.kind !== 'none') {
            payload.public_key = claim.value as never;
          }
          const token = `${b64url(header)}.${b64url(payload)}.${b64url('sig')}`;
          let outcome = 'pass';
          try {
            assertVerificationTokenBinding(token, tek.publicKeyUncompressedHex);
          } catch (error) {
            outcome = codeOf(error);
          }
          const expected =
            claim.kind === 'none' || claim.kind === 'own' ? 'pass' : 'PAYLOAD_INTENT_MISMATCH';
          if (claim.kind === 'junk' && claim.value === undefined) {
            return; // JSON drops an undefined member: same as no claim
          }
          expect(outcome).toBe(expected);
        },
      ),
      runs(0x70c1),
    );
  });

  it('FUZZ-1: given strings that are not a readable JWS, should pass them through (the server decides, §6)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (token) => {
        fc.pre(!/^[^.]*\.[^.]*\.[^.]*$/.test(token));
        expect(() =>
          assertVerificationTokenBinding(token, tek.publicKeyCompressedHex),
        ).not.toThrow();
      }),
      runs(0x70c2),
    );
  });
});

describe('202 challenge and Retry-After (docs/protocol.md §11, §11.5)', () => {
  it('FUZZ-1: given any JSON body, should accept only a string payloadToSign, a Request:<uuid> requestId and a parsable expiresAt', () => {
    const uuid = fc.uuid().map((u) => `Request:${u}`);
    fc.assert(
      fc.property(
        fc.record(
          {
            payloadToSign: fc.oneof(fc.string({ maxLength: 40 }), fc.jsonValue()),
            requestId: fc.oneof(uuid, fc.string({ maxLength: 50 }), fc.jsonValue()),
            expiresAt: fc.oneof(
              fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
              fc.string({ maxLength: 30 }),
              fc.jsonValue(),
            ),
            type: fc.oneof(fc.string({ maxLength: 30 }), fc.jsonValue()),
          },
          { requiredKeys: [] },
        ),
        fc.option(fc.integer({ min: -3_600_000, max: 3_600_000 }), { nil: undefined }),
        (body, skew) => {
          const now = Date.parse('2026-01-01T00:00:00.000Z');
          const parsed = parseChallenge(body, now, skew === undefined ? undefined : now + skew);
          const valid =
            typeof body.payloadToSign === 'string' &&
            body.payloadToSign.length > 0 &&
            typeof body.requestId === 'string' &&
            /^Request:[0-9a-fA-F-]{36}$/.test(body.requestId) &&
            typeof body.expiresAt === 'string' &&
            !Number.isNaN(Date.parse(body.expiresAt));
          expect(parsed !== undefined).toBe(valid);
          if (parsed !== undefined) {
            expect(parsed.payloadToSign).toBe(body.payloadToSign);
            expect(Number.isFinite(parsed.expiresAt)).toBe(true);
          }
        },
      ),
      runs(0x2021),
    );
  });

  it('FUZZ-1: given any Retry-After text, should yield whole non-negative seconds or nothing, and read delta-seconds exactly', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.nat({ max: 1_000_000 }).map(String),
          fc.date({ noInvalidDate: true }).map((d) => d.toUTCString()),
          fc.string({ maxLength: 40 }),
        ),
        (value) => {
          const seconds = parseRetryAfter(value, {
            date: 'Thu, 01 Jan 2026 00:00:00 GMT',
            now: () => 0,
          });
          if (seconds !== undefined) {
            expect(Number.isSafeInteger(seconds) && seconds >= 0).toBe(true);
          }
          if (/^\d+$/.test(value.trim())) {
            expect(seconds).toBe(Number(value.trim()));
          }
        },
      ),
      runs(0x2022),
    );
  });
});
