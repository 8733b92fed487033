/**
 * Reliability catalogue 2-SR, faults on the wire: the real kit through the proxy to the emulator,
 * with PROCESSING, dropped connections and lost answers on either hop (docs/protocol.md §11.3, §11.4).
 * Fake time throughout; the emulator's session table is the ground truth ("nothing lost").
 */
import { createOtpLoginFlow } from '@wallet-auth/core';
import { describe, expect, it } from 'vitest';
import { createKitStack, isSignedLeg, type SeenRequest } from '../testing/kit-stack.js';

const VERIFY = 'POST /auth/credentials/{id}/verify';

const signedLegs = (seen: SeenRequest[]) => seen.filter((request) => isSignedLeg(request));
const verifyLeg1 = (seen: SeenRequest[]) =>
  seen.filter((r) => r.path.endsWith('/verify') && !isSignedLeg(r));
const sessionsOf = (stack: ReturnType<typeof createKitStack>) =>
  [...stack.sandbox.state.sessions.values()].filter((s) => s.accountId === stack.user.accountId);

describe('signed retry under faults, kit + proxy + emulator (catalogue 2-SR)', () => {
  it('SR-09: given PROCESSING once, should resend a byte-identical request with identical headers after backoff and create exactly one session', async () => {
    const stack = createKitStack({ sandbox: { processing: { [VERIFY]: 1 } } });
    const outcome = await stack.run(stack.signIn());
    expect(outcome).toMatchObject({ ok: true, value: { status: 'authenticated' } });
    const legs = signedLegs(stack.upstream);
    expect(legs).toHaveLength(2);
    const [first, second] = legs as [SeenRequest, SeenRequest];
    expect(second.body).toBe(first.body);
    expect(second.method).toBe(first.method);
    expect(second.path).toBe(first.path);
    for (const name of ['service-wallet-signature', 'request-id', 'content-type']) {
      expect(second.headers[name]).toBe(first.headers[name]);
    }
    expect(second.at - first.at).toBeGreaterThanOrEqual(1000);
    expect(sessionsOf(stack)).toHaveLength(1);
  });

  it('SR-10: given PROCESSING forever, should stop by expiresAt with no tight loop and never send the OTP verify leg 1 again', async () => {
    const stack = createKitStack({ sandbox: { processing: { [VERIFY]: -1 } } });
    const started = stack.clock.now();
    const outcome = await stack.run(stack.signIn());
    expect(outcome).toMatchObject({ ok: true, value: { status: 'failed' } });
    const legs = signedLegs(stack.upstream);
    // Backoff 1, 2, 4, 8, 8… s over the 300 s challenge: about 40 sends, never more than 45.
    expect(legs.length).toBeGreaterThan(5);
    expect(legs.length).toBeLessThanOrEqual(45);
    for (let i = 1; i < legs.length; i++) {
      expect(legs[i]!.at - legs[i - 1]!.at).toBeGreaterThanOrEqual(1000);
    }
    expect(legs.at(-1)!.at - started).toBeLessThanOrEqual(300_000);
    // The code was consumed by leg 1: the kit never sends leg 1 again by itself.
    expect(verifyLeg1(stack.upstream)).toHaveLength(1);
    // The effect committed at acceptance (§11.4): the emulator holds the one session.
    expect(sessionsOf(stack)).toHaveLength(1);
  });

  it('SR-10: given PROCESSING forever, should surface PROCESSING_TIMEOUT with the requestId (the service accepted the request)', async () => {
    const stack = createKitStack({ sandbox: { processing: { [VERIFY]: -1 } } });
    const outcome = await stack.run(stack.signIn());
    const requestId = signedLegs(stack.upstream)[0]!.headers['request-id'];
    expect(outcome).toMatchObject({
      ok: true,
      value: { status: 'failed', error: { code: 'PROCESSING_TIMEOUT', details: { requestId } } },
    });
  });

  it('SR-10: given a refresh answered PROCESSING forever, should not start a new leg 1 once the service accepted the first', async () => {
    const stack = createKitStack({
      sandbox: { processing: { 'POST /auth/sessions/{id}/refresh': -1 } },
    });
    expect(await stack.run(stack.signIn())).toMatchObject({ ok: true });
    await stack.run(stack.client.sessions.refresh().catch(() => undefined));
    const refreshLeg1 = stack.upstream.filter(
      (r) => r.path.endsWith('/refresh') && !isSignedLeg(r),
    );
    expect(refreshLeg1).toHaveLength(1);
    expect(sessionsOf(stack)).toHaveLength(2); // the sign-in's and the one accepted refresh
  });

  it('SR-11: given the browser connection dropped after signing, before the retry reached the proxy, should resend the same signed request and create one session', async () => {
    let dropped = 0;
    const stack = createKitStack({
      browser: (request, next) => {
        if (isSignedLeg(request) && dropped === 0) {
          dropped += 1;
          return Promise.reject(new TypeError('fetch failed: socket hang up'));
        }
        return next(request);
      },
    });
    const outcome = await stack.run(stack.signIn());
    expect(outcome).toMatchObject({ ok: true, value: { status: 'authenticated' } });
    const browserLegs = signedLegs(stack.browser);
    expect(browserLegs).toHaveLength(2);
    expect(browserLegs[1]!.headers['service-wallet-signature']).toBe(
      browserLegs[0]!.headers['service-wallet-signature'],
    );
    expect(signedLegs(stack.upstream)).toHaveLength(1);
    expect(sessionsOf(stack)).toHaveLength(1);
  });

  it('SR-11: given the proxy-to-service connection dropped before the signed leg arrived (proxy 502), should resend the same signed request and sign in with one session', async () => {
    let dropped = 0;
    const stack = createKitStack({
      upstream: (request, next) => {
        if (isSignedLeg(request) && dropped === 0) {
          dropped += 1;
          return Promise.reject(new TypeError('fetch failed: connection reset'));
        }
        return next(request);
      },
    });
    const outcome = await stack.run(stack.signIn());
    expect(outcome).toMatchObject({ ok: true, value: { status: 'authenticated' } });
    expect(sessionsOf(stack)).toHaveLength(1);
  });

  it('SR-12: given the answer lost after the emulator committed, should get 401 Request-Id already used on the resend, reconcile from the session list and never create a second session or send leg 1 again', async () => {
    let lost = 0;
    const answers: { status: number; body: string }[] = [];
    const stack = createKitStack({
      browser: async (request, next) => {
        const response = await next(request);
        if (isSignedLeg(request)) {
          answers.push({ status: response.status, body: await response.clone().text() });
          if (lost === 0) {
            lost += 1;
            throw new TypeError('fetch failed: connection reset after the answer was sent');
          }
        }
        return response;
      },
    });
    const outcome = await stack.run(stack.signIn());
    expect(outcome).toMatchObject({ ok: true, value: { status: 'authenticated' } });
    expect(answers.map((a) => a.status)).toEqual([200, 401]);
    expect(JSON.parse(answers[1]!.body)).toMatchObject({
      code: 'UNAUTHORIZED',
      reason: 'Request-Id already used',
    });
    expect(verifyLeg1(stack.upstream)).toHaveLength(1);
    // The reconcile read the list, once, after the consumed id.
    expect(
      stack.browser.filter((r) => r.method === 'GET' && r.path === '/auth/sessions'),
    ).toHaveLength(1);
    expect(sessionsOf(stack)).toHaveLength(1);
  });

  it('SR-12: given the answer lost after commit, the kit should reconcile from the session list and end signed in with the committed session', async () => {
    let lost = 0;
    const stack = createKitStack({
      browser: async (request, next) => {
        const response = await next(request);
        if (isSignedLeg(request) && lost === 0) {
          lost += 1;
          throw new TypeError('fetch failed: connection reset after the answer was sent');
        }
        return response;
      },
    });
    await stack.run(stack.signIn());
    const [committed] = sessionsOf(stack);
    expect(stack.client.sessions.getSnapshot()).toMatchObject({
      status: 'active',
      session: { id: committed!.id },
    });
    // The adopted key (the TEK) is that session's key: the service accepts its stamp.
    const { stamp } = await stack.client.sessions.requireStamper();
    const privacy = await stack.run(
      stack.client.api.updatePrivacy(stack.user.accountId, true, { stamp }),
    );
    expect(privacy).toMatchObject({ ok: true });
    expect(stack.sandbox.state.accounts.get(stack.user.accountId)!.privateEnabled).toBe(true);
  });

  it.each<[string, (sessions: Record<string, unknown>[]) => Record<string, unknown>[]]>([
    ['no candidate', () => []],
    ['two candidates', (sessions) => [...sessions, { ...sessions[0], id: `${sessions[0]!.id}x` }]],
  ])(
    'SR-12: given the answer lost and the session list showing %s, should fail REQUEST_ID_CONSUMED telling the person to sign in again, adopt nothing and never send leg 1 again',
    async (_label, rewrite) => {
      let lost = 0;
      const stack = createKitStack({
        browser: async (request, next) => {
          const response = await next(request);
          if (isSignedLeg(request) && lost === 0) {
            lost += 1;
            throw new TypeError('fetch failed: connection reset after the answer was sent');
          }
          if (
            request.method === 'GET' &&
            new URL(request.url).pathname.endsWith('/auth/sessions')
          ) {
            const { data } = (await response.json()) as { data: Record<string, unknown>[] };
            return Response.json({ data: rewrite(data) }, { headers: response.headers });
          }
          return response;
        },
      });
      const outcome = await stack.run(stack.signIn());
      expect(outcome).toMatchObject({
        ok: true,
        value: { status: 'failed', error: { code: 'REQUEST_ID_CONSUMED' } },
      });
      const error = (outcome as { value: { error: { message: string; details: unknown } } }).value
        .error;
      expect(error.message).toMatch(/sign in again/i);
      expect(error.details).toMatchObject({
        requestId: signedLegs(stack.upstream)[0]!.headers['request-id'],
      });
      expect(verifyLeg1(stack.upstream)).toHaveLength(1);
      expect(sessionsOf(stack)).toHaveLength(1);
      expect(stack.client.sessions.getSnapshot().status).not.toBe('active');
    },
  );

  it('SR-16: given two identical signed retries sent at once (double submit), should accept exactly one, answer the other PROCESSING or already used, sign in and create one session', async () => {
    const duplicates: Promise<Response>[] = [];
    const stack = createKitStack({
      browser: (request, next) => {
        if (isSignedLeg(request) && duplicates.length === 0) {
          duplicates.push(next(request.clone()));
        }
        return next(request);
      },
    });
    const outcome = await stack.run(stack.signIn());
    // Whichever twin the emulator accepts first wins. When it is the kit's own send, the kit is
    // authenticated at once; when it is the twin, the kit's send sees PROCESSING or "already
    // used" and reconciles from the session list (SR-12). Either way the person sees one
    // outcome, signed in, and exactly one session exists.
    expect(outcome).toMatchObject({ ok: true, value: { status: 'authenticated' } });
    const [only] = sessionsOf(stack);
    expect(stack.client.sessions.getSnapshot()).toMatchObject({
      status: 'active',
      session: { id: only!.id },
    });
    const duplicate = await duplicates[0]!;
    const body = (await duplicate.json()) as Record<string, unknown>;
    const sawProcessing = duplicate.status === 200 && body.status === 'PROCESSING';
    const sawConsumed = duplicate.status === 401 && body.reason === 'Request-Id already used';
    const sawSuccess = duplicate.status === 200 && typeof body.id === 'string';
    // The twin is PROCESSING, consumed, or the one success.
    expect(sawProcessing || sawConsumed || sawSuccess).toBe(true);
    expect(sessionsOf(stack)).toHaveLength(1);
  });

  it('SR-16: given the duplicate answered in full before the kit\'s own send arrives, should meet "already used" on its first send, reconcile and sign in with the one session', async () => {
    let twin: Response | undefined;
    const stack = createKitStack({
      browser: async (request, next) => {
        if (isSignedLeg(request) && twin === undefined) {
          twin = await next(request.clone());
        }
        return next(request);
      },
    });
    const outcome = await stack.run(stack.signIn());
    expect(twin?.status).toBe(200);
    expect(outcome).toMatchObject({ ok: true, value: { status: 'authenticated' } });
    const kitLegs = signedLegs(stack.upstream);
    expect(kitLegs).toHaveLength(2); // the twin and the kit's one send, answered "already used"
    expect(verifyLeg1(stack.upstream)).toHaveLength(1);
    const [only] = sessionsOf(stack);
    expect(sessionsOf(stack)).toHaveLength(1);
    expect(stack.client.sessions.getSnapshot()).toMatchObject({
      status: 'active',
      session: { id: only!.id },
    });
  });

  it('SR-24: given the tab closed between leg 1 and leg 2, should commit nothing, let the challenge expire and leave no key marked active', async () => {
    let release: (() => void) | undefined;
    const stack = createKitStack({
      // Hold the 202 until the "tab" is closed.
      browser: async (request, next) => {
        const response = await next(request);
        if (response.status === 202 && request.url.endsWith('/verify')) {
          await new Promise<void>((resolve) => {
            release = resolve;
          });
        }
        return response;
      },
    });
    const flow = createOtpLoginFlow(stack.client);
    flow.start(stack.user.emailCredentialId);
    await stack.run(
      new Promise<void>((resolve) => {
        const stop = flow.subscribe(() => {
          if (flow.getSnapshot().status === 'awaitingCode') {
            stop();
            resolve();
          }
        });
      }),
    );
    flow.submitCode('000000');
    await stack.run(
      new Promise<void>((resolve) => {
        const poll = () => (release === undefined ? setImmediate(poll) : resolve());
        poll();
      }),
    );
    flow.dispose(); // the tab goes away
    release!();
    await stack.run(new Promise((resolve) => setTimeout(resolve, 50)));
    expect(signedLegs(stack.upstream)).toHaveLength(0);
    expect(sessionsOf(stack)).toHaveLength(0);
    expect(stack.sandbox.pendingRequestCount()).toBe(1);
    // Past expiresAt the id is void; past its grace period (another lifetime) it is forgotten,
    // swept by any traffic (§11.3).
    stack.clock.advance(601_000);
    await stack.sandbox.fetch(new Request('http://127.0.0.1/2025-10-13/auth/sessions?accountId=x'));
    expect(stack.sandbox.pendingRequestCount()).toBe(0);
    expect(stack.client.sessions.getSnapshot().status).not.toBe('active');
    expect(await stack.client.keys.load('session')).toBeUndefined();
  });
});
