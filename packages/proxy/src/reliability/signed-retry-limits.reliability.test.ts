/**
 * Reliability catalogue 2-SR, limits and clocks: 429s with and without `Retry-After`, 5xx on the
 * first leg, expired challenges and a skewed device clock, with the real kit through the proxy to
 * the emulator (docs/protocol.md §1 Timestamps, §11.3, §11.5). The signed action is the privacy PATCH
 * (`PATCH /internal-accounts/{id}`), safe to restart; the OTP verify stands for the others.
 */
import { describe, expect, it } from 'vitest';
import { skewedClock } from '../testing/drive.js';
import {
  createKitStack,
  envelopeResponse,
  isSignedLeg,
  type KitStack,
  type KitStackOptions,
  type SeenRequest,
} from '../testing/kit-stack.js';

const signedLegs = (seen: SeenRequest[]) => seen.filter((request) => isSignedLeg(request));
const gaps = (legs: SeenRequest[]) => legs.slice(1).map((leg, i) => leg.at - legs[i]!.at);

async function signedIn(options: KitStackOptions = {}): Promise<KitStack> {
  const stack = createKitStack(options);
  const outcome = await stack.run(stack.signIn());
  expect(outcome).toMatchObject({ ok: true, value: { status: 'authenticated' } });
  return stack;
}

async function setPrivacy(stack: KitStack) {
  const { stamp } = await stack.client.sessions.requireStamper();
  return stack.run(stack.client.api.updatePrivacy(stack.user.accountId, true, { stamp }));
}

const privacyOf = (stack: KitStack) =>
  stack.sandbox.state.accounts.get(stack.user.accountId)!.privateEnabled;

/** An upstream hook answering the first `times` signed PATCH legs with `response()`. */
function failSignedPatch(times: number, response: () => Response): KitStackOptions['upstream'] {
  let left = times;
  return (request, next) => {
    if (request.method === 'PATCH' && isSignedLeg(request) && left > 0) {
      left -= 1;
      return Promise.resolve(response());
    }
    return next(request);
  };
}

describe('signed retry: rate limits, 5xx and clocks, kit + proxy + emulator (catalogue 2-SR)', () => {
  it('SR-13: given 429 Retry-After: 3 on the signed leg, should wait at least 3 s, resend the same signed request and apply the change once', async () => {
    const stack = await signedIn({
      upstream: failSignedPatch(1, () =>
        envelopeResponse(429, 'RATE_LIMITED', { 'Retry-After': '3' }),
      ),
    });
    expect(await setPrivacy(stack)).toMatchObject({ ok: true });
    const legs = signedLegs(stack.browser).filter((leg) => leg.method === 'PATCH');
    expect(legs).toHaveLength(2);
    expect(gaps(legs)[0]).toBeGreaterThanOrEqual(3000);
    expect(legs[1]!.headers['service-wallet-signature']).toBe(
      legs[0]!.headers['service-wallet-signature'],
    );
    expect(privacyOf(stack)).toBe(true);
  });

  it('SR-13: given Retry-After as an HTTP-date 5 s ahead, should wait about 5 s before resending', async () => {
    let stack: KitStack | undefined;
    stack = await signedIn({
      upstream: failSignedPatch(1, () =>
        envelopeResponse(429, 'RATE_LIMITED', {
          'Retry-After': new Date(stack!.clock.now() + 5000).toUTCString(),
        }),
      ),
    });
    expect(await setPrivacy(stack)).toMatchObject({ ok: true });
    const legs = signedLegs(stack.browser).filter((leg) => leg.method === 'PATCH');
    expect(legs).toHaveLength(2);
    // Whole seconds on the wire: between 4 and 6 s depending on where in the second it fell.
    expect(gaps(legs)[0]).toBeGreaterThanOrEqual(4000);
    expect(gaps(legs)[0]).toBeLessThanOrEqual(6000);
  });

  it('SR-13: given Retry-After: 86400, should hand the wait to the UI (RATE_LIMITED with retryAfterSeconds) instead of sleeping', async () => {
    const stack = await signedIn({
      upstream: failSignedPatch(1, () =>
        envelopeResponse(429, 'RATE_LIMITED', { 'Retry-After': '86400' }),
      ),
    });
    const before = stack.clock.now();
    const outcome = await setPrivacy(stack);
    expect(outcome).toMatchObject({
      ok: false,
      error: { code: 'RATE_LIMITED', details: { retryAfterSeconds: 86400 } },
    });
    expect(stack.clock.now() - before).toBeLessThan(1000);
    expect(signedLegs(stack.browser).filter((leg) => leg.method === 'PATCH')).toHaveLength(1);
    expect(privacyOf(stack)).toBe(false);
  });

  it('SR-13: given 429 Retry-After: 1 on every send, should stop after MAX_RATE_LIMIT_RETRIES waits with RATE_LIMITED', async () => {
    const stack = await signedIn({
      upstream: failSignedPatch(1_000_000, () =>
        envelopeResponse(429, 'RATE_LIMITED', { 'Retry-After': '1' }),
      ),
    });
    const { stamp } = await stack.client.sessions.requireStamper();
    const outcome = await stack.run(
      stack.client.api.updatePrivacy(stack.user.accountId, true, { stamp }),
      60_000,
    );
    expect(outcome).toMatchObject({
      ok: false,
      error: { code: 'RATE_LIMITED', details: { retryAfterSeconds: 1 } },
    });
    // The first send and five waited-out 429s (MAX_RATE_LIMIT_RETRIES), a second apart.
    const legs = signedLegs(stack.browser).filter((leg) => leg.method === 'PATCH');
    expect(legs).toHaveLength(6);
    for (const gap of gaps(legs)) {
      expect(gap).toBeGreaterThanOrEqual(1000);
    }
    expect(privacyOf(stack)).toBe(false);
  });

  it('SR-14: given 429 without Retry-After, should wait at least a second before each resend, then apply the change once', async () => {
    const stack = await signedIn({
      upstream: failSignedPatch(3, () => envelopeResponse(429, 'RATE_LIMITED')),
    });
    expect(await setPrivacy(stack)).toMatchObject({ ok: true });
    const legs = signedLegs(stack.browser).filter((leg) => leg.method === 'PATCH');
    expect(legs).toHaveLength(4);
    for (const gap of gaps(legs)) {
      expect(gap).toBeGreaterThanOrEqual(1000);
    }
    expect(privacyOf(stack)).toBe(true);
  });

  it('SR-14: given 429 without Retry-After, should back off exponentially with jitter', async () => {
    const stack = await signedIn({
      upstream: failSignedPatch(4, () => envelopeResponse(429, 'RATE_LIMITED')),
    });
    expect(await setPrivacy(stack)).toMatchObject({ ok: true });
    const waits = gaps(signedLegs(stack.browser).filter((leg) => leg.method === 'PATCH'));
    // Ceilings 2, 4, 8, 16 s, each wait drawn in the ceiling's upper half.
    expect(waits).toHaveLength(4);
    waits.forEach((wait, i) => {
      expect(wait).toBeGreaterThanOrEqual(1000 * 2 ** i);
      expect(wait).toBeLessThanOrEqual(2000 * 2 ** i + 1000);
    });
    for (let i = 1; i < waits.length; i++) {
      expect(waits[i]!).toBeGreaterThan(waits[i - 1]!);
    }
  });

  it('SR-15: given 500 on the OTP challenge, should not retry it by itself (it sends an e-mail), and report a typed, retryable error', async () => {
    const stack = createKitStack({
      upstream: (request, next) =>
        request.url.endsWith('/challenge')
          ? Promise.resolve(envelopeResponse(500, 'INTERNAL_ERROR'))
          : next(request),
    });
    const outcome = await stack.run(stack.signIn());
    expect(outcome).toMatchObject({
      ok: true,
      value: { status: 'failed', error: { code: 'INTERNAL_ERROR', retryable: true } },
    });
    stack.clock.advance(10 * 60_000);
    await stack.run(new Promise((resolve) => setTimeout(resolve, 50)));
    expect(stack.upstream.filter((r) => r.path.endsWith('/challenge'))).toHaveLength(1);
  });

  it('SR-15: given 500 on the OTP verify leg 1 (it consumes the code), should not resend it and create no session', async () => {
    const stack = createKitStack({
      upstream: (request, next) =>
        request.url.endsWith('/verify') && !isSignedLeg(request)
          ? Promise.resolve(envelopeResponse(500, 'INTERNAL_ERROR'))
          : next(request),
    });
    const outcome = await stack.run(stack.signIn());
    expect(outcome).toMatchObject({ ok: true, value: { status: 'failed' } });
    expect(
      stack.upstream.filter((r) => r.path.endsWith('/verify') && !isSignedLeg(r)),
    ).toHaveLength(1);
    expect(stack.sandbox.state.sessions.size).toBe(0);
  });

  it('SR-04: given the stamp made after expiresAt, should send leg 1 again once for a restartable action and apply it once', async () => {
    const stack = await signedIn();
    const { stamp } = await stack.client.sessions.requireStamper();
    let slow = true;
    const lateStamp = async (payload: string) => {
      if (slow) {
        slow = false;
        await new Promise<void>((resolve) => stack.clock.setTimeout(resolve, 301_000));
      }
      return stamp(payload);
    };
    const outcome = await stack.run(
      stack.client.api.updatePrivacy(stack.user.accountId, true, { stamp: lateStamp }),
    );
    expect(outcome).toMatchObject({ ok: true });
    const patches = stack.browser.filter((r) => r.method === 'PATCH');
    expect(patches.filter((r) => !isSignedLeg(r))).toHaveLength(2);
    expect(patches.filter((r) => isSignedLeg(r))).toHaveLength(1);
    expect(privacyOf(stack)).toBe(true);
  });

  it('SR-04: given the stamp made after expiresAt for an action not safe to restart, should fail CHALLENGE_EXPIRED without a new leg 1', async () => {
    const stack = await signedIn();
    const { stamp } = await stack.client.sessions.requireStamper();
    const lateStamp = async (payload: string) => {
      await new Promise<void>((resolve) => stack.clock.setTimeout(resolve, 301_000));
      return stamp(payload);
    };
    const outcome = await stack.run(
      stack.client.api.signed(
        {
          method: 'PATCH',
          path: ['internal-accounts', stack.user.accountId],
          body: '{"privateEnabled":true}',
        },
        { terminalStatus: 200, restartable: false, intent: undefined },
        { stamp: lateStamp },
      ),
    );
    expect(outcome).toMatchObject({ ok: false, error: { code: 'CHALLENGE_EXPIRED' } });
    const patches = stack.browser.filter((r) => r.method === 'PATCH');
    expect(patches).toHaveLength(1);
    expect(privacyOf(stack)).toBe(false);
  });

  it.each([
    ['10 min fast', 600_000],
    ['10 min slow', -600_000],
  ])(
    'SR-20: given a device clock %s, should sign in and complete a signed action (deadlines from expiresAt and the Date header offset)',
    async (_label, offset) => {
      const stack = await signedIn({ clientClock: (clock) => skewedClock(clock, offset) });
      expect(await setPrivacy(stack)).toMatchObject({ ok: true });
      expect(privacyOf(stack)).toBe(true);
      expect(stack.browser.filter((r) => r.method === 'PATCH')).toHaveLength(2);
    },
  );
});
