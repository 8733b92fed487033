/**
 * Test harness (not shipped): a real `createSandbox()` upstream whose fetch is wrapped to record
 * every forwarded request byte for byte, and helpers to call the proxy as a browser would.
 */
import { createSandbox, type Sandbox, type SandboxOptions } from '@wallet-auth/sandbox';
import { createProxy, type WalletAuthProxy } from '../create-proxy.js';
import type { LogEntry } from '../logging/redact.js';
import type { ProxyOptions } from '../options.js';
import type { ProxyUser } from '../types.js';

/** One request as the upstream received it. */
export interface ForwardedCall {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: Uint8Array;
}

export const ORIGIN = 'http://localhost:5173';
export const PROXY_URL = 'http://localhost:5173/api';
export const API = `${PROXY_URL}/2025-10-13`;
export const COOKIE_SECRET = 'test-cookie-secret-0123456789abcdef0123';
export const CLIENT_ID = 'proxy-test-client';
export const CLIENT_SECRET = 'proxy-test-secret-5a1f0c9e';

/** A user with ids that exist nowhere upstream (for refusal tests). */
export const STRANGER: ProxyUser = {
  userId: 'user-stranger',
  customerId: 'Customer:00000000-0000-4000-8000-000000000001',
  accountId: 'InternalAccount:00000000-0000-4000-8000-000000000002',
};

/** Seeded random source: deterministic ids, cookies and correlation ids. */
export function seededRandom(seed = 1): (bytes: number) => Uint8Array {
  let state = seed >>> 0;
  return (bytes) =>
    Uint8Array.from({ length: bytes }, () => {
      state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
      return state >>> 24;
    });
}

export interface Harness {
  sandbox: Sandbox;
  proxy: WalletAuthProxy;
  calls: ForwardedCall[];
  logs: LogEntry[];
  clock: { now: number };
  /** Calls the proxy like the demo page: same origin, JSON, with the cookie jar. */
  call(
    method: string,
    path: string,
    init?: { body?: string | Uint8Array<ArrayBuffer>; headers?: Record<string, string> },
  ): Promise<Response>;
  /** The cookie jar (name=value) the harness sends, filled by POST /session. */
  cookie: string | undefined;
}

export interface HarnessOptions {
  sandbox?: SandboxOptions;
  proxy?: Partial<ProxyOptions>;
  /** Rewrites upstream responses (fault injection around the real sandbox). */
  alterResponse?: (response: Response, request: Request) => Response | Promise<Response>;
}

/** Builds a sandbox, a recording transport and a proxy in front of them. */
export function createHarness(options: HarnessOptions = {}): Harness {
  const clock = { now: Date.parse('2026-01-15T10:00:00.000Z') };
  const sandbox = createSandbox({
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    clock: () => clock.now,
    random: seededRandom(7),
    ...options.sandbox,
  });
  const calls: ForwardedCall[] = [];
  const logs: LogEntry[] = [];
  const proxy = createProxy({
    upstream: {
      baseUrl: 'http://127.0.0.1/2025-10-13',
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      fetch: async (request) => {
        const copy = request.clone();
        calls.push({
          method: request.method,
          url: request.url,
          headers: Object.fromEntries(request.headers),
          body: new Uint8Array(await copy.arrayBuffer()),
        });
        const response = await sandbox.fetch(request);
        return options.alterResponse === undefined
          ? response
          : options.alterResponse(response, request);
      },
    },
    // The e-mail-only demo sign-in unless the test binds its user itself.
    ...(options.proxy?.resolveUser === undefined
      ? { cookieSecret: COOKIE_SECRET, demoAuth: { allowSignInByEmailOnly: true } as const }
      : {}),
    allowedOrigins: [ORIGIN],
    clock: () => clock.now,
    random: seededRandom(11),
    logger: (entry) => logs.push(entry),
    ...options.proxy,
  });
  const harness: Harness = {
    sandbox,
    proxy,
    calls,
    logs,
    clock,
    cookie: undefined,
    async call(method, path, init = {}) {
      const headers = new Headers(init.headers);
      if (method !== 'GET' && !headers.has('Origin')) {
        headers.set('Origin', ORIGIN);
      }
      if (init.body !== undefined && !headers.has('Content-Type')) {
        headers.set('Content-Type', 'application/json');
      }
      if (harness.cookie !== undefined && !headers.has('Cookie')) {
        headers.set('Cookie', harness.cookie);
      }
      const url = path.startsWith('http') ? path : `${API}${path}`;
      const response = await proxy.fetch(
        new Request(url, {
          method,
          headers,
          ...(init.body === undefined ? {} : { body: init.body }),
        }),
      );
      const setCookie = response.headers.get('Set-Cookie');
      if (setCookie !== null) {
        const pair = setCookie.split(';')[0]!;
        harness.cookie = pair.endsWith('=') ? undefined : pair;
      }
      return response;
    },
  };
  return harness;
}

/** A harness whose user is fixed by a `resolveUser` plug-in (no demo cookie). */
export function createHarnessForUser(
  user: ProxyUser | null,
  options: HarnessOptions = {},
): Harness {
  return createHarness({
    ...options,
    proxy: { resolveUser: async () => user, ...options.proxy },
  });
}

/**
 * A request whose `url` is a raw target exactly as received, which `new Request` cannot express
 * because it resolves `%2e%2e` and `\\` itself. `@hono/node-server` passes some targets on
 * unparsed (its fast path) and other adapters may pass all of them, so the proxy must judge them.
 */
export function rawRequest(method: string, rawUrl: string, init: RequestInit = {}): Request {
  class RawUrlRequest extends Request {
    override get url(): string {
      return rawUrl;
    }
  }
  return new RawUrlRequest('http://placeholder.invalid/', { method, ...init });
}

/** Reads a JSON body. */
export async function json(response: Response): Promise<Record<string, unknown>> {
  return (await response.json()) as Record<string, unknown>;
}
