/**
 * One simulated browser user of the load driver: the demo cookie from `POST /api/session`, the
 * real kit (`createWalletAuthClient` + `createOtpLoginFlow`, memory key store) talking to the proxy
 * over loopback, and an exchange log per flow (round trips, statuses, the TEK from the stamp).
 */
import {
  createMemoryKeyStore,
  createOtpLoginFlow,
  createWalletAuthClient,
  type ServiceExchange,
  type WalletAuthClient,
} from '@wallet-auth/core';
import { createNodeFetch } from '@wallet-auth/proxy/node';

/**
 * The users' transport to the proxy: keep-alive `node:http` rather than undici's fetch, which
 * cost the driver more CPU per request than the kit itself (a browser's fetch is not ours to count).
 */
const transport = createNodeFetch();

/** Where the proxy is and what it expects from a browser. */
export interface ProxyTarget {
  /** `http://127.0.0.1:<port>/api`. */
  apiUrl: string;
  /** The allowed origin sent as `Origin` (the proxy's CSRF rule). */
  origin: string;
  cookieName: string;
  /** pub65 of the emulator's enclave key, pinned as the OTP signer (docs/protocol.md §4). */
  enclavePublicKey: string;
}

/** The outcome of one complete sign-in attempt. */
export interface FlowRecord {
  user: number;
  ok: boolean;
  sessionId: string | undefined;
  /** Compressed TEK public key read from the stamp, when a signed leg was sent. */
  tek: string | undefined;
  /** Kit error code, `TIMEOUT`, or undefined on success. */
  errorCode: string | undefined;
  startedAt: number;
  durationMs: number;
  /** Requests the kit sent (each answered or not). */
  roundTrips: number;
  signedSends: number;
  statuses: number[];
  /** Sessions found by listing after an ambiguous failure (attributed to this flow). */
  reconciled: string[];
  /** Paced runs, when every user was busy at the flow's scheduled start: ms until one was free (in `durationMs`). */
  waitedMs?: number;
}

/** A record of a flow that has not sent anything yet (or never will: `errorCode` says why). */
export function emptyRecord(user: number, errorCode: string | undefined): FlowRecord {
  return {
    user,
    ok: false,
    sessionId: undefined,
    tek: undefined,
    errorCode,
    startedAt: Date.now(),
    durationMs: 0,
    roundTrips: 0,
    signedSends: 0,
    statuses: [],
    reconciled: [],
  };
}

/** A signed-up user with a kit client of its own. */
export interface SimUser {
  index: number;
  /** `name=value` of the demo session cookie. */
  cookie: string;
  accountId: string;
  credentialId: string;
  client: WalletAuthClient;
  /** Session ids this user knows it holds. */
  known: Set<string>;
  /** Runs one OTP sign-in (challenge → verify 202 → signed retry → session) within `timeoutMs`. */
  signIn(timeoutMs: number): Promise<FlowRecord>;
}

/**
 * The `publicKey` member of a stamp the kit made (docs/protocol.md §2), as sent: the kit validated it
 * when it signed, so the driver skips `decodeStamp`'s point check (a bigint square root per flow).
 */
function stampPublicKey(stamp: string): string | undefined {
  const decoded = JSON.parse(Buffer.from(stamp, 'base64url').toString('utf8')) as {
    publicKey?: unknown;
  };
  return typeof decoded.publicKey === 'string' ? decoded.publicKey : undefined;
}

/** Signs a user up at the proxy's demo route and returns its cookie and wallet account. */
async function signUp(
  target: ProxyTarget,
  email: string,
): Promise<{ cookie: string; accountId: string }> {
  const response = await fetch(`${target.apiUrl}/session`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: target.origin },
    body: JSON.stringify({ email }),
  });
  const body = (await response.json()) as { accountId?: string };
  const setCookie = response.headers.get('Set-Cookie') ?? '';
  const cookie = setCookie.split(';')[0] ?? '';
  if (
    response.status !== 200 ||
    body.accountId === undefined ||
    !cookie.startsWith(`${target.cookieName}=`)
  ) {
    throw new Error(`sign-up of ${email} failed: ${response.status} ${JSON.stringify(body)}`);
  }
  return { cookie, accountId: body.accountId };
}

/** Creates user `index`: sign-up, a kit client on the proxy, and its EMAIL_OTP credential id. */
export async function createSimUser(
  target: ProxyTarget,
  index: number,
  runTag: string,
): Promise<SimUser> {
  const { cookie, accountId } = await signUp(target, `load-${runTag}-${index}@bench.example`);
  let exchanges: ServiceExchange[] = [];
  const client = createWalletAuthClient({
    baseUrl: `${target.apiUrl}/2025-10-13`,
    // What a browser adds (cookie, origin), sent without re-wrapping the kit's Request (a second
    // undici Request per call cost the driver more than the kit's own work on it).
    fetch: async (request) => {
      const headers = new Headers(request.headers);
      headers.set('Cookie', cookie);
      headers.set('Origin', target.origin);
      const answer = await transport.exchange({
        url: request.url,
        method: request.method,
        headers,
        body: request.body === null ? undefined : new Uint8Array(await request.arrayBuffer()),
        signal: request.signal,
      });
      return new Response(answer.body as Uint8Array<ArrayBuffer> | null, {
        status: answer.status,
        statusText: answer.statusText,
        headers: answer.headers,
      });
    },
    onExchange: (exchange) => exchanges.push(exchange),
    environment: 'sandbox',
    enclaveKeys: { otpSigner: target.enclavePublicKey },
    keyStore: createMemoryKeyStore(),
    channel: false,
    refreshMarginMs: 0,
  });
  const credentials = await client.api.listCredentials(accountId);
  const found = credentials.data.find((c) => c.type === 'EMAIL_OTP')?.id;
  if (found === undefined) {
    throw new Error(`user ${index} has no EMAIL_OTP credential`);
  }
  const credentialId: string = found;
  const known = new Set<string>();

  /** Lists the account's sessions (up to 5 tries, the list call itself can meet a reset). */
  async function reconcile(record: FlowRecord): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        const listed = await client.api.listSessions(accountId);
        for (const session of listed.data) {
          if (!known.has(session.id)) {
            known.add(session.id);
            record.reconciled.push(session.id);
          }
        }
        return;
      } catch {
        if (attempt === 5) {
          record.errorCode = `${record.errorCode ?? ''}+RECONCILE_FAILED`;
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
      }
    }
  }

  async function signIn(timeoutMs: number): Promise<FlowRecord> {
    exchanges = [];
    const startedAt = performance.now();
    const flow = createOtpLoginFlow(client);
    const record = emptyRecord(index, undefined);
    const state = await new Promise<ReturnType<typeof flow.getSnapshot> | undefined>((resolve) => {
      let submitted = false;
      const timer = setTimeout(() => finish(undefined), timeoutMs);
      const unsubscribe = flow.subscribe(check);
      function finish(value: ReturnType<typeof flow.getSnapshot> | undefined) {
        clearTimeout(timer);
        unsubscribe();
        resolve(value);
      }
      function check() {
        const snapshot = flow.getSnapshot();
        if (
          snapshot.status === 'authenticated' ||
          snapshot.status === 'failed' ||
          snapshot.status === 'rateLimited'
        ) {
          finish(snapshot);
        } else if (snapshot.status === 'awaitingCode') {
          if (submitted) {
            finish(snapshot);
          } else {
            submitted = true;
            flow.submitCode('000000');
          }
        }
      }
      flow.start(credentialId);
      check();
    });
    flow.dispose();
    record.durationMs = performance.now() - startedAt;
    record.roundTrips = exchanges.length;
    record.statuses = exchanges.map((exchange) => exchange.status ?? 0);
    const signed = exchanges.filter((exchange) => exchange.signature !== undefined);
    record.signedSends = signed.length;
    const stamp = signed[0]?.signature;
    record.tek = stamp === undefined ? undefined : stampPublicKey(stamp);
    if (state?.status === 'authenticated') {
      record.ok = true;
      record.sessionId = state.session.id;
      known.add(state.session.id);
      return record;
    }
    if (state === undefined) {
      record.errorCode = 'TIMEOUT';
    } else if (state.status === 'failed' || state.status === 'rateLimited') {
      // The kit's code, with the server's envelope code and status when it mapped one to UNKNOWN.
      const { code, serverCode, status } = state.error;
      record.errorCode =
        serverCode === undefined || serverCode === code
          ? code
          : `${code} (${serverCode} ${status ?? ''})`.trim();
    } else {
      record.errorCode = exchanges.at(-1)?.errorCode ?? 'CODE_REJECTED';
    }
    if (record.signedSends > 0) {
      // The signed leg may have been accepted with its answer lost: the lists tell (docs/protocol.md §11.3).
      await reconcile(record);
    }
    return record;
  }

  return { index, cookie, accountId, credentialId, client, known, signIn };
}
