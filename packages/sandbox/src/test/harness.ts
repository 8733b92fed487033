/**
 * Test harness for the emulator's in-process tests: a sandbox on a fake clock with the vectors'
 * enclave key and a seeded random source, plus helpers that speak the wire protocol exactly as a
 * client would (JSON bodies, Basic auth, stamps over `payloadToSign`).
 */
import {
  createFakeClock,
  createTestKey,
  type FakeClock,
  interopVectors,
  sealOtpBundle,
  stamp,
  type TestKey,
} from '@wallet-auth/test-utils';
import { createSandbox, type Sandbox } from '../app.js';
import type { SandboxOptions } from '../options.js';

export const BASE = 'http://sandbox.test/2025-10-13';
export const AUTH = `Basic ${btoa('sandbox-client-id:sandbox-client-secret')}`;
export const ENCLAVE_KEY = interopVectors.keys.enclaveSigningKey;

/** A deterministic random source (xorshift32 over a seed), so ids repeat across runs. */
export function seededRandom(seed = 1): (bytes: number) => Uint8Array {
  let state = seed >>> 0 || 1;
  return (bytes) => {
    const out = new Uint8Array(bytes);
    for (let i = 0; i < bytes; i++) {
      state ^= state << 13;
      state ^= state >>> 17;
      state ^= state << 5;
      out[i] = state & 0xff;
    }
    return out;
  };
}

// biome-ignore lint/suspicious/noExplicitAny: response bodies are checked with expect(), not typed
export type JsonBody = Record<string, any>;

/** A parsed response. */
export interface TestResponse {
  status: number;
  headers: Headers;
  text: string;
  body: JsonBody;
}

/** Options of one request. */
export interface RequestOptions {
  /** A value to JSON-encode, or a string sent as-is. */
  body?: unknown;
  headers?: Record<string, string>;
  /** Send no Authorization header. */
  noAuth?: boolean;
}

/** The harness around one sandbox. */
export interface Harness {
  sandbox: Sandbox;
  clock: FakeClock;
  request: (method: string, path: string, options?: RequestOptions) => Promise<TestResponse>;
  createCustomer: (
    fields?: Record<string, unknown>,
  ) => Promise<{ customerId: string; walletId: string; fiatId: string; emailCredentialId: string }>;
  signInWithOtp: (
    walletId: string,
    credentialId: string,
  ) => Promise<{ session: JsonBody; key: TestKey }>;
  signedRetry: (
    method: string,
    path: string,
    body: unknown,
    key: TestKey | string,
  ) => Promise<{ first: TestResponse; second: TestResponse }>;
}

/** Creates a harness; tests pass extra options (legacy constants are off unless a test turns them on). */
export function createHarness(options: SandboxOptions = {}): Harness {
  const clock = createFakeClock();
  const sandbox = createSandbox({
    acceptLegacyMagicValues: false,
    enclaveSigningKey: ENCLAVE_KEY.privateKeyHex,
    random: seededRandom(),
    clock: clock.now,
    ...options,
  });
  const request: Harness['request'] = async (method, path, opts = {}) => {
    const headers: Record<string, string> = {
      ...(opts.noAuth ? {} : { Authorization: AUTH }),
      ...opts.headers,
    };
    let body: string | undefined;
    if (opts.body !== undefined) {
      body = typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body);
      headers['Content-Type'] ??= 'application/json';
    }
    const response = await sandbox.fetch(new Request(`${BASE}${path}`, { method, headers, body }));
    const text = await response.text();
    let parsed: JsonBody = {};
    try {
      parsed = text === '' ? {} : JSON.parse(text);
    } catch {
      parsed = {};
    }
    return { status: response.status, headers: response.headers, text, body: parsed };
  };

  const createCustomer: Harness['createCustomer'] = async (fields = {}) => {
    const created = await request('POST', '/customers', {
      body: {
        customerType: 'INDIVIDUAL',
        email: 'ada@example.com',
        fullName: 'Ada Lovelace',
        ...fields,
      },
    });
    if (created.status !== 201) {
      throw new Error(`customer creation failed: ${created.text}`);
    }
    const customerId = created.body.id as string;
    const list = await request('GET', `/customers/internal-accounts?customerId=${customerId}`);
    const accounts = list.body.data as { id: string; type: string }[];
    const walletId = accounts.find((a) => a.type === 'EMBEDDED_WALLET')!.id;
    const fiatId = accounts.find((a) => a.type === 'INTERNAL_FIAT')!.id;
    const credentials = await request('GET', `/auth/credentials?accountId=${walletId}`);
    const emailCredentialId = (credentials.body.data as { id: string }[])[0]?.id ?? '';
    return { customerId, walletId, fiatId, emailCredentialId };
  };

  const signInWithOtp: Harness['signInWithOtp'] = async (_walletId, credentialId) => {
    const challenge = await request('POST', `/auth/credentials/${credentialId}/challenge`, {
      body: {},
    });
    if (challenge.status !== 200) {
      throw new Error(`challenge failed: ${challenge.text}`);
    }
    const key = createTestKey();
    const encryptedOtpBundle = await sealOtpBundle({
      targetBundle: challenge.body.otpEncryptionTargetBundle,
      code: '000000',
      publicKey: key.publicKey,
    });
    const { second } = await signedRetry(
      'POST',
      `/auth/credentials/${credentialId}/verify`,
      { type: 'EMAIL_OTP', encryptedOtpBundle },
      key,
    );
    if (second.status !== 200) {
      throw new Error(`verify failed: ${second.text}`);
    }
    return { session: second.body, key };
  };

  const signedRetry: Harness['signedRetry'] = async (method, path, body, key) => {
    const raw = body === undefined ? undefined : JSON.stringify(body);
    const first = await request(method, path, raw === undefined ? {} : { body: raw });
    if (first.status !== 202) {
      return { first, second: first };
    }
    const signature = typeof key === 'string' ? key : stamp(first.body.payloadToSign, key);
    const second = await request(method, path, {
      ...(raw === undefined ? {} : { body: raw }),
      headers: {
        [sandbox.options.signatureHeaderName]: signature,
        'Request-Id': first.body.requestId,
      },
    });
    return { first, second };
  };

  return { sandbox, clock, request, createCustomer, signInWithOtp, signedRetry };
}
