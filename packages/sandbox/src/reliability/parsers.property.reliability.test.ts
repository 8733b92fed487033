/**
 * Reliability catalogue FUZZ-1 for the emulator's parsers: the stamp (docs/protocol.md §2), strict DER,
 * the OIDC claim checks of §10 (against an independent model of the table) and clientDataJSON
 * (§9). 1,000 seeded runs per property in the test command; `PROPERTY_RUNS` / `PROPERTY_SEED`
 * for more (as `pnpm test:fuzz` does). Failures print their seed and path.
 */
import { p256 } from '@noble/curves/nist.js';
import { createTestKey, stamp, toBase64url, toHex, utf8 } from '@wallet-auth/test-utils';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../api-error.js';
import { checkOidcToken } from '../auth/oidc.js';
import { parseClientData } from '../auth/webauthn/client-data.js';
import type { SandboxContext } from '../context.js';
import { encodeDerSignature, parseDerSignature } from '../crypto/der.js';
import { sha256Hex } from '../crypto/sha256.js';
import { parseStamp, STAMP_SCHEME, verifyStamp } from '../crypto/stamp.js';
import { DEFAULT_OIDC_ISSUERS } from '../magic-values.js';

const RUNS = Number(process.env.PROPERTY_RUNS ?? 1000);
const runs = (seed: number, scale = 1) => ({
  numRuns: Math.max(1, Math.round(RUNS * scale)),
  seed: process.env.PROPERTY_SEED === undefined ? seed : Number(process.env.PROPERTY_SEED),
});
const N = p256.Point.Fn.ORDER;

/** noble as the oracle for strict DER: parses, re-encodes to the same bytes, 1 ≤ r, s < n. */
function nobleStrictDer(bytes: Uint8Array): { r: bigint; s: bigint } | undefined {
  try {
    const signature = p256.Signature.fromBytes(bytes, 'der');
    if (toHex(signature.toBytes('der')) !== toHex(bytes)) {
      return undefined;
    }
    return { r: signature.r, s: signature.s };
  } catch {
    return undefined;
  }
}

function noblePoint(hex: string): boolean {
  try {
    p256.Point.fromHex(hex);
    return /^(0[23][0-9a-fA-F]{64}|04[0-9a-fA-F]{128})$/.test(hex);
  } catch {
    return false;
  }
}

describe('stamp parser (docs/protocol.md §2)', () => {
  it('FUZZ-1: given stamps by random keys over random payloads (low-S, high-S, pub33, pub65), should parse and verify them, and refuse them for another payload', () => {
    // Key generation is the slow part of noble: draw from 16 random keys made once.
    const keys = Array.from({ length: 16 }, () => createTestKey());
    fc.assert(
      fc.property(
        fc.constantFrom(...keys),
        fc.string({ maxLength: 200 }),
        fc.boolean(),
        fc.boolean(),
        (key, payload, highS, uncompressed) => {
          const parsed = parseStamp(stamp(payload, key, { highS, uncompressed }));
          expect(parsed).toBeDefined();
          expect(verifyStamp(parsed!, payload)).toBe(true);
          expect(verifyStamp(parsed!, `${payload} `)).toBe(false);
        },
      ),
      runs(0x5a01),
    );
  }, 60_000);

  it('FUZZ-1: given JSON objects with random members, should accept exactly the three-string, right-scheme, point-and-strict-DER ones, and never throw on any text', () => {
    const key = createTestKey();
    const hexChar = fc.constantFrom(...'0123456789abcdefABCDEF'.split(''));
    // Integers at the edges of [1, n) as often as anywhere else (mutation check X-04).
    const integer = fc.oneof(
      fc.constantFrom(0n, 1n, 2n, N - 1n, N, N + 1n, 2n ** 256n - 1n),
      fc.bigInt({ min: 0n, max: 2n ** 257n }),
    );
    const derHex = fc.oneof(
      fc.tuple(integer, integer).map(([r, s]) => toHex(encodeDerSignature({ r, s }))),
      fc.string({ unit: hexChar, maxLength: 150 }),
    );
    const member = <T>(valid: fc.Arbitrary<T>) =>
      fc.oneof({ weight: 4, arbitrary: valid }, fc.jsonValue({ maxDepth: 1 }));
    fc.assert(
      fc.property(
        fc.oneof(
          fc
            .record(
              {
                publicKey: member(
                  fc.constantFrom(key.compressedPublicKey, key.publicKey, `02${'00'.repeat(32)}`),
                ),
                scheme: member(fc.constantFrom(STAMP_SCHEME, 'SIGNATURE_SCHEME_OTHER')),
                signature: member(derHex),
                extra: fc.jsonValue({ maxDepth: 1 }),
              },
              { requiredKeys: [] },
            )
            .map((object) => ({ object, text: toBase64url(utf8(JSON.stringify(object))) })),
          fc.string({ maxLength: 200 }).map((text) => ({ object: undefined, text })),
        ),
        ({ object, text }) => {
          const parsed = parseStamp(text);
          if (object === undefined) {
            return; // arbitrary text: only "never throws" is asserted
          }
          const { publicKey, scheme, signature } = object as Record<string, unknown>;
          const der =
            typeof signature === 'string' && /^([0-9a-fA-F]{2})*$/.test(signature)
              ? nobleStrictDer(Uint8Array.from(Buffer.from(signature, 'hex')))
              : undefined;
          const expected =
            typeof publicKey === 'string' &&
            scheme === STAMP_SCHEME &&
            noblePoint(publicKey) &&
            der !== undefined &&
            der.r >= 1n &&
            der.r < N &&
            der.s >= 1n &&
            der.s < N;
          expect(parsed !== undefined).toBe(expected);
        },
      ),
      runs(0x5a02),
    );
  });
});

describe('stamp range checks (docs/protocol.md §2: 1 ≤ r, s < n)', () => {
  it('FUZZ-1: given r or s at 0, n or n + 1, should refuse the stamp; at 1 and n − 1, accept it', () => {
    const key = createTestKey();
    const stampWith = (r: bigint, s: bigint) =>
      toBase64url(
        utf8(
          JSON.stringify({
            publicKey: key.compressedPublicKey,
            scheme: STAMP_SCHEME,
            signature: toHex(encodeDerSignature({ r, s })),
          }),
        ),
      );
    for (const bad of [0n, N, N + 1n]) {
      expect(parseStamp(stampWith(bad, 5n)), `r = ${bad}`).toBeUndefined();
      expect(parseStamp(stampWith(5n, bad)), `s = ${bad}`).toBeUndefined();
    }
    for (const good of [1n, N - 1n]) {
      expect(parseStamp(stampWith(good, 5n)), `r = ${good}`).toBeDefined();
      expect(parseStamp(stampWith(5n, good)), `s = ${good}`).toBeDefined();
    }
  });
});

describe('strict DER (docs/protocol.md §2, §16)', () => {
  it('FUZZ-1: given any r, s, should encode minimal DER that noble reads back, and parse it to the same integers', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 2n ** 256n - 1n }),
        fc.bigInt({ min: 0n, max: 2n ** 256n - 1n }),
        (r, s) => {
          const der = encodeDerSignature({ r, s });
          expect(parseDerSignature(der)).toEqual({ r, s });
          if (r >= 1n && r < N && s >= 1n && s < N) {
            expect(nobleStrictDer(der)).toEqual({ r, s });
          }
        },
      ),
      runs(0xde01),
    );
  });

  it('FUZZ-1: given arbitrary bytes or one-byte edits of valid DER, should never throw and accept only what re-encodes to the same bytes', () => {
    const valid = encodeDerSignature({ r: 2n ** 255n + 12345n, s: 77n });
    fc.assert(
      fc.property(
        fc.oneof(
          fc.uint8Array({ maxLength: 80 }),
          fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })).map(([at, byte]) => {
            const copy = valid.slice();
            copy[at % copy.length] = byte;
            return copy;
          }),
        ),
        (bytes) => {
          const parsed = parseDerSignature(bytes);
          if (parsed !== undefined) {
            expect(toHex(encodeDerSignature(parsed))).toBe(toHex(bytes));
          }
        },
      ),
      runs(0xde02),
    );
  });
});

describe('OIDC claim checks (docs/protocol.md §10), against a model of the table', () => {
  const now = Date.parse('2026-01-15T10:00:00.000Z');
  const ctx = {
    options: { oidcIssuers: ['https://id.example'], oidcJwks: {} },
    state: { now: () => now },
  } as unknown as SandboxContext;
  const identity = { iss: 'https://accounts.google.com', aud: 'app', sub: 'user-1' };
  const clientPublicKey = createTestKey().publicKey;
  const seconds = now / 1000;

  /** The §10 table, written out independently: the first failing row decides. */
  function model(claims: Record<string, unknown>, verify: boolean): string {
    const issuers = [...DEFAULT_OIDC_ISSUERS, 'https://id.example'];
    if (typeof claims.iss !== 'string' || !issuers.includes(claims.iss)) {
      return '400';
    }
    const rawAud = claims.aud;
    const aud = Array.isArray(rawAud) && rawAud.length === 1 ? rawAud[0] : rawAud;
    if (
      typeof aud !== 'string' ||
      aud === '' ||
      typeof claims.sub !== 'string' ||
      claims.sub === ''
    ) {
      return 'OIDC claims invalid';
    }
    const iat = claims.iat;
    if (
      typeof iat !== 'number' ||
      !Number.isFinite(iat) ||
      iat < seconds - 65 ||
      iat > seconds + 5
    ) {
      return 'OIDC iat outside the allowed window';
    }
    const exp = claims.exp;
    if (typeof exp !== 'number' || !Number.isFinite(exp) || exp <= seconds) {
      return 'OIDC token expired';
    }
    if (verify) {
      if (claims.iss !== identity.iss || aud !== identity.aud || claims.sub !== identity.sub) {
        return 'OIDC identity does not match credential';
      }
      if (claims.nonce !== sha256Hex(clientPublicKey)) {
        return 'OIDC nonce mismatch';
      }
    }
    return 'ok';
  }

  const near = (center: number) =>
    fc.oneof(
      fc.integer({ min: Math.floor(center) - 80, max: Math.floor(center) + 80 }),
      fc.double({ min: center - 80, max: center + 80, noNaN: true }),
    );
  const claimValue = <T>(valid: fc.Arbitrary<T>) =>
    fc.oneof(
      { weight: 12, arbitrary: valid },
      fc.constantFrom(undefined, null, 'x', '', Number.NaN, 1e99, -1e99, true, [], {}),
    );

  it('FUZZ-1: given random claim sets, create and verify should answer exactly as the table: 400, or 401 with the first failing row, or accept', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record(
          {
            iss: claimValue(
              fc.constantFrom(
                identity.iss,
                'accounts.google.com',
                'https://id.example',
                'https://accounts.google.com/',
                'http://accounts.google.com',
              ),
            ),
            aud: claimValue(
              fc.oneof(
                fc.constant(identity.aud),
                fc.constant([identity.aud]),
                fc.constant(['app', 'evil']),
                fc.constant('other'),
              ),
            ),
            sub: claimValue(fc.constantFrom(identity.sub, 'user-2')),
            iat: claimValue(near(seconds)),
            exp: claimValue(near(seconds + 60)),
            nonce: claimValue(
              fc.constantFrom(sha256Hex(clientPublicKey), sha256Hex(clientPublicKey.toUpperCase())),
            ),
          },
          { requiredKeys: ['iss', 'aud', 'sub', 'iat', 'exp'] },
        ),
        fc.boolean(),
        async (claims, verify) => {
          const token = [
            toBase64url(utf8(JSON.stringify({ alg: 'none', typ: 'JWT' }))),
            toBase64url(utf8(JSON.stringify(claims))),
            'c2ln',
          ].join('.');
          let outcome = 'ok';
          try {
            await checkOidcToken(ctx, token, verify ? { identity, clientPublicKey } : undefined);
          } catch (error) {
            expect(error).toBeInstanceOf(ApiError);
            const apiError = error as ApiError;
            outcome = apiError.status === 400 ? '400' : String(apiError.reason);
            if (apiError.status !== 400) {
              expect([apiError.status, apiError.code]).toEqual([401, 'UNAUTHORIZED']);
            }
          }
          expect(outcome).toBe(model(JSON.parse(JSON.stringify(claims)), verify));
        },
      ),
      runs(0x01dc),
    );
  });

  it('FUZZ-1: given arbitrary token text, should answer 400 INVALID_INPUT or a 401 reason, never another error', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.string({ maxLength: 120 }),
          fc
            .array(
              fc.string({ unit: fc.constantFrom(...'abcXYZ019-_=.'.split('')), maxLength: 20 }),
              {
                maxLength: 5,
              },
            )
            .map((parts) => parts.join('.')),
        ),
        async (token) => {
          try {
            await checkOidcToken(ctx, token);
          } catch (error) {
            expect(error).toBeInstanceOf(ApiError);
            expect([400, 401]).toContain((error as ApiError).status);
          }
        },
      ),
      runs(0x01dd),
    );
  });
});

describe('clientDataJSON parser (docs/protocol.md §9)', () => {
  it('FUZZ-1: given any bytes, should never throw; a leading BOM never changes the result', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.uint8Array({ maxLength: 120 }),
          fc.jsonValue({ maxDepth: 2 }).map((value) => utf8(JSON.stringify(value))),
        ),
        (bytes) => {
          const plain = parseClientData(bytes);
          const withBom = parseClientData(Uint8Array.of(0xef, 0xbb, 0xbf, ...bytes));
          const startsWithBom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
          if (!startsWithBom) {
            expect(withBom).toEqual(plain);
          }
          if (plain !== undefined) {
            expect(typeof plain === 'object' && !Array.isArray(plain)).toBe(true);
          }
        },
      ),
      runs(0xc11e),
    );
  });
});
