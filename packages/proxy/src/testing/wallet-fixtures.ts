/**
 * Fixtures for wallet-route tests (not shipped): users seeded straight into the sandbox, a
 * resolver keyed by a test header, fresh P-256 keys and OIDC tokens the emulator accepts.
 */
import { mintSandboxIdToken, oidcNonceFor } from '@wallet-auth/sandbox';
import { createTestKey, stamp, type TestKey } from '@wallet-auth/test-utils';
import type { ServiceRoute } from '../routes/route-table.js';
import type { ProxyUser } from '../types.js';
import { createHarness, type Harness, type HarnessOptions, json } from './proxy-harness.js';

/** The request header the test resolver reads; the proxy must never forward it. */
export const TEST_USER_HEADER = 'X-Test-User';

export interface WalletHarness extends Harness {
  users: Map<string, ProxyUser>;
  /** Seeds a customer (no e-mail unless given: no credential yet) and registers its user. */
  addUser(name: string, input?: Record<string, unknown>): ProxyUser & { credentialIds: string[] };
  /** Calls the proxy as `name`. */
  as(
    name: string,
    method: string,
    path: string,
    init?: { body?: string; headers?: Record<string, string> },
  ): Promise<Response>;
  /** Leg 1, then leg 2 stamped with the user's latest session key and the issued Request-Id (§11.1). */
  signed(
    name: string,
    method: string,
    path: string,
    body?: string,
  ): Promise<{ leg1: Response; leg2: Response }>;
  /** A stamp of `payload` by the user's latest session key (a fresh unknown key if none). */
  stampFor(name: string, payload: string): string;
  /** Adds an OAUTH credential and verifies it (session key remembered); returns both ids. */
  oauthSession(name: string, sub: string): Promise<{ credentialId: string; sessionId: string }>;
}

const UNKNOWN_UUID = '0f8e1c2a-3b4d-4e5f-8a9b-0c1d2e3f4a5b';

/**
 * `route`'s path with the user's own credential, wallet or customer id in it; a session or quote
 * id is one nobody has (ownership then refuses it after the body checks).
 */
export function ownPath(
  route: ServiceRoute,
  user: ProxyUser & { credentialIds: readonly string[] },
): string {
  const ids: Record<string, string> = {
    AuthMethod: user.credentialIds[0]!,
    InternalAccount: user.accountId,
    Customer: user.customerId,
    Session: `Session:${UNKNOWN_UUID}`,
    Quote: `Quote:${UNKNOWN_UUID}`,
  };
  return route.template.replace(/\{[^}]+\}/, ids[route.idResource ?? ''] ?? '');
}

/** pub65 hex of a fresh P-256 key (documented key-delivery flow, docs/protocol.md §15). */
export async function freshPub65(): Promise<string> {
  const pair = (await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, [
    'deriveBits',
  ])) as CryptoKeyPair;
  const raw = new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey));
  return Array.from(raw, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** A harness whose users are picked per request by {@link TEST_USER_HEADER}. */
export function createWalletHarness(options: HarnessOptions = {}): WalletHarness {
  const users = new Map<string, ProxyUser>();
  const sessionKeys = new Map<string, TestKey>();
  const harness = createHarness({
    ...options,
    proxy: {
      resolveUser: async (request) =>
        users.get(request.headers.get(TEST_USER_HEADER) ?? '') ?? null,
      ...options.proxy,
    },
  }) as WalletHarness;
  const token = (sub: string, nonce?: string) =>
    mintSandboxIdToken({
      aud: 'proxy-tests',
      sub,
      email: `${sub}@example.com`,
      now: harness.clock.now / 1000,
      ...(nonce === undefined ? {} : { nonce }),
    });
  harness.users = users;
  harness.addUser = (name, input = {}) => {
    const seeded = harness.sandbox.seedCustomer({ customerType: 'INDIVIDUAL', ...input });
    const user = {
      userId: name,
      customerId: seeded.customer.id as string,
      accountId: seeded.walletAccountId,
    };
    users.set(name, user);
    return { ...user, credentialIds: seeded.credentialIds };
  };
  harness.as = (name, method, path, init = {}) =>
    harness.call(method, path, { ...init, headers: { [TEST_USER_HEADER]: name, ...init.headers } });
  harness.stampFor = (name, payload) => stamp(payload, sessionKeys.get(name) ?? createTestKey());
  harness.signed = async (name, method, path, body) => {
    const leg1 = await harness.as(name, method, path, body === undefined ? {} : { body });
    const challenge = leg1.status === 202 ? await json(leg1.clone()) : {};
    const leg2 = await harness.as(name, method, path, {
      ...(body === undefined ? {} : { body }),
      headers: {
        'Service-Wallet-Signature': harness.stampFor(name, String(challenge.payloadToSign)),
        'Request-Id': String(challenge.requestId),
      },
    });
    return { leg1, leg2 };
  };
  harness.oauthSession = async (name, sub) => {
    const user = users.get(name)!;
    const created = await harness.as(name, 'POST', '/auth/credentials', {
      body: JSON.stringify({ type: 'OAUTH', accountId: user.accountId, oidcToken: token(sub) }),
    });
    if (created.status !== 201) {
      throw new Error(`OAUTH credential not created: ${created.status} ${await created.text()}`);
    }
    const credentialId = (await json(created)).id as string;
    // A compressed key: the session then authorises this very key (no sealed key, §15).
    const sessionKey = createTestKey();
    const clientPublicKey = sessionKey.compressedPublicKey;
    const verified = await harness.as(name, 'POST', `/auth/credentials/${credentialId}/verify`, {
      body: JSON.stringify({
        type: 'OAUTH',
        oidcToken: token(sub, oidcNonceFor(clientPublicKey)),
        clientPublicKey,
      }),
    });
    if (verified.status !== 200) {
      throw new Error(`OAUTH verify failed: ${verified.status} ${await verified.text()}`);
    }
    sessionKeys.set(name, sessionKey);
    return { credentialId, sessionId: (await json(verified)).id as string };
  };
  return harness;
}
