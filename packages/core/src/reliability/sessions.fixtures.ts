/**
 * Shared pieces of the session reliability tests (catalogue 2-SES): a manual clock shared by the
 * emulator and the kit, an in-memory BroadcastChannel, sign-in through the OTP flow, and a
 * reopened client over the same key store.
 */
import { createWalletAuthClient } from '../create-wallet-auth-client.js';
import { createOtpLoginFlow } from '../flows/otp-login/otp-login.js';
import type { Clock } from '../internal/clock.js';
import type { KeyStore } from '../keys/key-store.js';
import { preloadWalletAuth } from '../on-demand/on-demand.js';
import type { SessionChannel, SessionMessage } from '../session/cross-tab.types.js';
import { BASE_URL, waitFor } from '../test/harness.js';

// The refresh exchange lives in the on-demand chunk. A page fetches it once; here the first
// import is real module loading, which fake timers cannot advance, so it is loaded up front.
await preloadWalletAuth();

/** Server time plus timers that fire only through `fire`/`advance` (a sleeping laptop never fires). */
export function createTestTime(start = Date.parse('2026-03-01T09:00:00.000Z')) {
  let now = start;
  const timers: { at: number; callback: () => void; live: boolean }[] = [];
  const view = (offsetMs: number): Clock => ({
    now: () => now + offsetMs,
    setTimeout(callback, ms) {
      // A timer set on a skewed clock is due at the same real moment: store it in server time.
      const timer = { at: now + Math.max(0, ms), callback, live: true };
      timers.push(timer);
      return () => {
        timer.live = false;
      };
    },
  });
  return {
    server: () => now,
    client: view,
    /** When the earliest live timer is due, server time; `undefined` when none is set. */
    nextDue(): number | undefined {
      const due = timers.filter((t) => t.live).map((t) => t.at);
      return due.length === 0 ? undefined : Math.min(...due);
    },
    /** Moves time without running timers (the device is asleep). */
    sleep(ms: number) {
      now += ms;
    },
    /** Runs every live timer already due, in order (the device wakes up; timers fire late). */
    wake() {
      for (const timer of [...timers].sort((a, b) => a.at - b.at)) {
        if (timer.live && timer.at <= now) {
          timer.live = false;
          timer.callback();
        }
      }
    },
    /** Moves time forward, running timers on the way. */
    advance(ms: number) {
      const target = now + ms;
      for (;;) {
        const due = timers.filter((t) => t.live && t.at <= target).sort((a, b) => a.at - b.at)[0];
        if (due === undefined) {
          break;
        }
        now = Math.max(now, due.at);
        due.live = false;
        due.callback();
      }
      now = target;
    },
  };
}

export async function signIn(
  client: ReturnType<typeof createWalletAuthClient>,
  credentialId: string,
) {
  const flow = createOtpLoginFlow(client);
  flow.start(credentialId);
  await waitFor(flow, (s) => s.status === 'awaitingCode');
  flow.submitCode('000000');
  const done = await waitFor(flow, (s) => s.status === 'authenticated' || s.status === 'failed');
  if (done.status !== 'authenticated') {
    throw new Error(`sign-in failed: ${JSON.stringify(done)}`);
  }
  return done.session;
}

/** An in-memory BroadcastChannel: what one tab posts, the others receive. */
export function createHub() {
  const listeners = new Set<(message: SessionMessage) => void>();
  return (): SessionChannel => {
    let mine: ((message: SessionMessage) => void) | undefined;
    return {
      post: (message) => {
        for (const listener of listeners) {
          if (listener !== mine) {
            queueMicrotask(() => listener(message));
          }
        }
      },
      listen(listener) {
        mine = listener;
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      close() {
        if (mine) {
          listeners.delete(mine);
        }
      },
    };
  };
}

/** Adds the `Date` header every HTTP server sends (the in-process handler sends none). */
export function withDateHeader(
  fetch: (request: Request) => Promise<Response>,
  serverNow: () => number,
): (request: Request) => Promise<Response> {
  return async (request) => {
    const response = await fetch(request);
    const headers = new Headers(response.headers);
    headers.set('Date', new Date(serverNow()).toUTCString());
    return new Response(response.body, { status: response.status, headers });
  };
}

/** A second client (a reload, or another tab without a channel) over the same emulator. */
export function reopen(
  sandbox: { enclavePublicKey: string },
  fetch: (request: Request) => Promise<Response>,
  keyStore: KeyStore,
  clock?: Clock,
) {
  return createWalletAuthClient({
    baseUrl: BASE_URL,
    fetch,
    environment: 'sandbox',
    enclaveKeys: { otpSigner: sandbox.enclavePublicKey },
    keyStore,
    channel: false,
    refreshMarginMs: 0,
    ...(clock === undefined ? {} : { clock }),
  });
}
