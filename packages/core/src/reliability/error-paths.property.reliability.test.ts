/**
 * Reliability catalogue X-01: every error path of the core, as a property over injected faults.
 * A seeded plan decides, request by request, what the "network" does to the kit while it signs in
 * with an e-mail code, changes wallet privacy and refreshes its session against the in-process
 * emulator: drop the request, lose the answer after the emulator committed, answer an error
 * envelope (any status, known or unknown code, odd `Retry-After`), HTML, a truncated body, a
 * malformed 202 or PROCESSING. Whatever happens, every error that reaches the caller must be a
 * typed `WalletAuthError` with a known code, a `retryable` flag and a message free of secrets (no
 * hex run longer than 40 characters, no token-looking string). 100 seeded plans in the test
 * command (`PROPERTY_RUNS` / 10); `PROPERTY_SEED` replays one.
 */
import { createSandbox } from '@wallet-auth/sandbox';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createWalletAuthClient } from '../create-wallet-auth-client.js';
import { CLIENT_ERROR_CODES, SERVER_ERROR_CODES } from '../errors/error-codes.js';
import { fromErrorEnvelope } from '../errors/from-error-envelope.js';
import { isWalletAuthError } from '../errors/wallet-auth-error.js';
import { createOtpLoginFlow } from '../flows/otp-login/otp-login.js';
import type { Clock } from '../internal/clock.js';
import { createMemoryKeyStore } from '../keys/memory-key-store.js';
import { setWalletPrivacy } from '../wallet/set-wallet-privacy.js';

const RUNS = Math.max(1, Math.round(Number(process.env.PROPERTY_RUNS ?? 1000) / 10));
const SEED = process.env.PROPERTY_SEED === undefined ? 0x0e01 : Number(process.env.PROPERTY_SEED);
const BASE_URL = 'http://sandbox.test/2025-10-13';
const BASIC = `Basic ${btoa('sandbox-client-id:sandbox-client-secret')}`;
const KNOWN = new Set<string>([...SERVER_ERROR_CODES, ...CLIENT_ERROR_CODES]);

/** What the network does to one request. */
type Fault =
  | { kind: 'pass' }
  | { kind: 'drop' }
  | { kind: 'lostAnswer' }
  | {
      kind: 'envelope';
      status: number;
      code: string;
      message: string;
      /** Echo the request's stamp (if any) into the message and reason, as a careless backend might. */
      echoStamp: boolean;
      reason: string | undefined;
      retryAfter: string | undefined;
    }
  | { kind: 'html'; status: number }
  | { kind: 'truncated' }
  | { kind: 'badChallenge'; body: unknown }
  | { kind: 'processing' };

const fault: fc.Arbitrary<Fault> = fc.oneof(
  { weight: 12, arbitrary: fc.constant({ kind: 'pass' as const }) },
  fc.constant({ kind: 'drop' as const }),
  fc.constant({ kind: 'lostAnswer' as const }),
  fc.record({
    kind: fc.constant('envelope' as const),
    status: fc.constantFrom(400, 401, 403, 404, 405, 409, 413, 415, 429, 500, 502, 503, 504),
    code: fc.oneof(
      fc.constantFrom(...SERVER_ERROR_CODES),
      fc.constantFrom('WEIRD', '', 'x'.repeat(90)),
    ),
    message: fc.oneof(
      fc.lorem({ maxCount: 8 }),
      fc.constantFrom(
        `Signature over ${'ab'.repeat(40)} failed`,
        'Token eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl rejected',
        'line\r\n{"forged":true}',
      ),
    ),
    echoStamp: fc.boolean(),
    reason: fc.option(
      fc.constantFrom(
        'Request-Id expired',
        'Request-Id already used',
        'Invalid OTP code',
        'OTP expired',
        'Session is not active',
        'something',
      ),
      { nil: undefined },
    ),
    retryAfter: fc.option(
      fc.constantFrom('1', '3', '86400', 'Wed, 21 Oct 2015 07:28:00 GMT', 'soon', '-1'),
      { nil: undefined },
    ),
  }),
  fc.record({
    kind: fc.constant('html' as const),
    status: fc.constantFrom(200, 201, 202, 500, 502),
  }),
  fc.constant({ kind: 'truncated' as const }),
  fc.record({
    kind: fc.constant('badChallenge' as const),
    body: fc.oneof(
      fc.constant({}),
      fc.constant({ payloadToSign: 'x', requestId: 'nope', expiresAt: 'never' }),
      fc.jsonValue({ maxDepth: 2 }),
    ),
  }),
  fc.constant({ kind: 'processing' as const }),
);

/** A manual clock: timers run only when `drive` fires them. */
function manualClock(start = Date.parse('2026-05-01T12:00:00.000Z')) {
  let now = start;
  const timers: { at: number; run: () => void; live: boolean }[] = [];
  const clock: Clock = {
    now: () => now,
    setTimeout(run, ms) {
      const timer = { at: now + Math.max(0, ms), run, live: true };
      timers.push(timer);
      return () => {
        timer.live = false;
      };
    },
  };
  const fireNext = (limit: number) => {
    const next = timers.filter((t) => t.live).sort((a, b) => a.at - b.at)[0];
    if (next === undefined || next.at > limit) {
      return false;
    }
    next.live = false;
    now = Math.max(now, next.at);
    next.run();
    return true;
  };
  return { clock, now: () => now, fireNext };
}

/** Settles `promise`, firing timers when nothing is in flight; gives up after 20 min of clock. */
async function drive<T>(
  promise: Promise<T>,
  time: ReturnType<typeof manualClock>,
  inFlight: () => number,
): Promise<{ ok: true; value: T } | { ok: false; error: unknown } | undefined> {
  let outcome: { ok: true; value: T } | { ok: false; error: unknown } | undefined;
  promise.then(
    (value) => {
      outcome = { ok: true, value };
    },
    (error: unknown) => {
      outcome = { ok: false, error };
    },
  );
  const limit = time.now() + 20 * 60_000;
  const turn = () => new Promise((resolve) => setImmediate(resolve));
  for (let idle = 0; outcome === undefined && idle < 300; ) {
    for (let quiet = 0; quiet < 25 && outcome === undefined; quiet++) {
      await turn();
      if (inFlight() > 0) {
        quiet = 0; // a request is running: time does not move
        idle += 1;
        if (idle >= 300) {
          break;
        }
      }
    }
    if (outcome !== undefined || idle >= 300) {
      break;
    }
    if (!time.fireNext(limit)) {
      idle += 1;
    }
  }
  return outcome;
}

/** Secrets the kit handled during the run, none of which may appear in an error message. */
const seenSecrets = new Set<string>();

let checked = 0;

function assertTyped(error: unknown, where: string): void {
  checked += 1;
  expect(isWalletAuthError(error), `${where}: ${String(error)}`).toBe(true);
  if (!isWalletAuthError(error)) {
    return;
  }
  expect(KNOWN.has(error.code), `${where}: code ${error.code}`).toBe(true);
  expect(typeof error.retryable, where).toBe('boolean');
  expect(typeof error.message, where).toBe('string');
  const text = `${error.message} ${error.reason ?? ''}`;
  expect(text, where).not.toMatch(/[0-9a-fA-F]{41,}/);
  expect(text, where).not.toMatch(/eyJ[A-Za-z0-9_-]{8,}/);
  for (const secret of seenSecrets) {
    expect(text.includes(secret), `${where}: a secret in the message`).toBe(false);
  }
}

describe('every error path of the core is typed and free of secrets (catalogue X-01)', () => {
  it(`X-01: given ${RUNS} seeded fault plans over sign-in, a signed action and a refresh, every error should be a typed WalletAuthError with a clean message`, async () => {
    let unhandled = 0;
    const onUnhandled = () => {
      unhandled += 1;
    };
    process.on('unhandledRejection', onUnhandled);
    try {
      await fc.assert(
        fc.asyncProperty(fc.array(fault, { minLength: 1, maxLength: 14 }), async (plan) => {
          const time = manualClock();
          const sandbox = createSandbox({
            clock: time.now,
            acceptLegacyMagicValues: false,
            rateLimits: { challengesPerWindow: 0 },
          });
          const seeded = sandbox.seedCustomer({
            customerType: 'INDIVIDUAL',
            email: 'x01@example.com',
          });
          let index = 0;
          let inFlight = 0;
          const client = createWalletAuthClient({
            baseUrl: BASE_URL,
            clock: time.clock,
            environment: 'sandbox',
            enclaveKeys: { otpSigner: sandbox.enclavePublicKey },
            keyStore: createMemoryKeyStore(),
            channel: false,
            refreshMarginMs: 0,
            fetch: async (request) => {
              inFlight += 1;
              try {
                const stamp = request.headers.get('Service-Wallet-Signature');
                if (stamp !== null) {
                  seenSecrets.add(stamp);
                }
                const step = plan[index++] ?? { kind: 'pass' };
                const forward = () => {
                  const headers = new Headers(request.headers);
                  headers.set('Authorization', BASIC);
                  return sandbox.fetch(new Request(request, { headers }));
                };
                switch (step.kind) {
                  case 'pass':
                    return await forward();
                  case 'drop':
                    throw new TypeError('fetch failed');
                  case 'lostAnswer':
                    await (await forward()).arrayBuffer();
                    throw new TypeError('fetch failed: socket hang up');
                  case 'envelope': {
                    const headers: Record<string, string> = { 'Content-Type': 'application/json' };
                    if (step.retryAfter !== undefined) {
                      headers['Retry-After'] = step.retryAfter;
                    }
                    const echo = step.echoStamp && stamp !== null ? ` (stamp ${stamp})` : '';
                    const reason = step.reason === undefined ? undefined : `${step.reason}${echo}`;
                    return new Response(
                      JSON.stringify({
                        status: step.status,
                        code: step.code,
                        message: `${step.message}${echo}`,
                        ...(reason === undefined ? {} : { reason }),
                      }),
                      { status: step.status, headers },
                    );
                  }
                  case 'html':
                    return new Response('<html><body>Bad gateway</body></html>', {
                      status: step.status,
                      headers: { 'Content-Type': 'text/html' },
                    });
                  case 'truncated': {
                    const text = await (await forward()).text();
                    return new Response(text.slice(0, Math.floor(text.length / 2)), {
                      status: 200,
                      headers: { 'Content-Type': 'application/json' },
                    });
                  }
                  case 'badChallenge':
                    return new Response(JSON.stringify(step.body), {
                      status: 202,
                      headers: { 'Content-Type': 'application/json' },
                    });
                  case 'processing':
                    return new Response(
                      JSON.stringify({ status: 'PROCESSING', message: 'Still processing' }),
                      { status: 200, headers: { 'Content-Type': 'application/json' } },
                    );
                  default:
                    return step satisfies never;
                }
              } finally {
                inFlight -= 1;
              }
            },
          });
          const flow = createOtpLoginFlow(client);
          const finished = new Promise<ReturnType<typeof flow.getSnapshot>>((resolve) => {
            let submitted = false;
            const check = () => {
              const state = flow.getSnapshot();
              if (state.status === 'awaitingCode' && !submitted) {
                submitted = true;
                queueMicrotask(() => flow.submitCode('000000'));
              } else if (
                state.status === 'authenticated' ||
                state.status === 'failed' ||
                state.status === 'rateLimited' ||
                (state.status === 'awaitingCode' && state.problem !== undefined)
              ) {
                resolve(state);
              }
            };
            flow.subscribe(check);
            flow.start(seeded.credentialIds[0]!);
            check();
          });
          const signIn = await drive(finished, time, () => inFlight);
          flow.dispose();
          if (signIn === undefined || !signIn.ok) {
            return; // still pending when the plan ran out of clock: nothing was thrown
          }
          const state = signIn.value;
          if (state.status === 'failed' || state.status === 'rateLimited') {
            assertTyped(state.error, `sign-in ${state.status}`);
            return;
          }
          if (state.status !== 'authenticated') {
            return;
          }
          const privacy = await drive(
            setWalletPrivacy(client, seeded.walletAccountId, true),
            time,
            () => inFlight,
          );
          if (privacy !== undefined && !privacy.ok) {
            assertTyped(privacy.error, 'privacy');
          }
          const refresh = await drive(client.sessions.refresh(), time, () => inFlight);
          if (refresh !== undefined && !refresh.ok) {
            assertTyped(refresh.error, 'refresh');
          }
        }),
        { numRuns: RUNS, seed: SEED },
      );
      expect(unhandled).toBe(0);
      // The plans must reach the error paths, not only the happy one.
      expect(checked).toBeGreaterThan(RUNS / 4);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  }, 240_000);

  it('X-01: given a server envelope whose message and reason echo a stamp or a long hex value, the typed error should carry neither (redacted, raw text dropped)', async () => {
    const stampLike = `eyJwdWJsaWNLZXkiOiIwMmFi${'Q'.repeat(40)}`;
    const error = await fromErrorEnvelope(
      new Response(
        JSON.stringify({
          status: 401,
          code: 'UNAUTHORIZED',
          message: `Bad signature ${stampLike} over ${'ab'.repeat(40)}`,
          reason: `Stamp ${stampLike} rejected`,
        }),
        { status: 401, headers: { 'Content-Type': 'application/json' } },
      ),
    );
    const text = `${error.message} ${error.reason ?? ''} ${JSON.stringify(error.details ?? {})}`;
    expect(text).not.toMatch(/[0-9a-fA-F]{41,}/);
    expect(text).not.toMatch(/eyJ[A-Za-z0-9_-]{8,}/);
    expect(error.code).toBe('UNAUTHORIZED');
    expect(error.message).toContain('Bad signature');
  });
});
