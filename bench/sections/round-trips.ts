/**
 * Section 3: round trips per sign-in type, counted at the proxy. One in-process sandbox, the
 * reference proxy in front of it (as the demo mounts them) and the real kit flows: OTP, then a
 * passkey registered and used (software authenticator), then an OAUTH credential added and used.
 * Only the sign-in itself is counted; the proxy's own calls to the service are counted beside it.
 */
import { randomBytes } from 'node:crypto';
import {
  createAddCredentialFlow,
  createMemoryKeyStore,
  createOAuthLoginFlow,
  createOtpLoginFlow,
  createPasskeyLoginFlow,
  createPasskeyRegistrationFlow,
  createWalletAuthClient,
  type GetIdToken,
  type WalletAuthClient,
} from '@wallet-auth/core';
import { createProxy } from '@wallet-auth/proxy';
import { createSandbox, mintSandboxIdToken } from '@wallet-auth/sandbox';
import { createSoftAuthenticator } from '@wallet-auth/test-utils';
import { softWebAuthn, waitFor } from '../lib/kit-helpers.js';

/** Protocol minimum per sign-in type (docs/service-api.md "Wallet sessions"). */
export const PROTOCOL_MINIMUM = { EMAIL_OTP: 3, PASSKEY: 2, OAUTH: 1 } as const;

/** What the proxy saw during one sign-in. */
export interface RoundTripCount {
  type: keyof typeof PROTOCOL_MINIMUM;
  browserToProxy: number;
  proxyToService: number;
  minimum: number;
  requests: string[];
}

const ORIGIN = 'http://localhost:5173';

/** Runs the three sign-ins once each and returns the counts. */
export async function countRoundTrips(): Promise<RoundTripCount[]> {
  const sandbox = createSandbox();
  let upstream = 0;
  const proxy = createProxy({
    upstream: {
      baseUrl: 'http://127.0.0.1/2025-10-13',
      clientId: sandbox.options.clientId,
      clientSecret: sandbox.options.clientSecret,
      fetch: (request) => {
        upstream += 1;
        return sandbox.fetch(request);
      },
    },
    // The e-mail-only demo sign-in (in-process sandbox upstream), its start-up warning muted.
    demoAuth: { allowSignInByEmailOnly: true },
    cookieSecret: randomBytes(32).toString('hex'),
    allowedOrigins: [ORIGIN],
    cookie: { secure: false },
    logger: () => undefined,
  });
  let seen: string[] = [];
  let cookie = '';
  const call = async (request: Request): Promise<Response> => {
    const headers = new Headers(request.headers);
    headers.set('Origin', ORIGIN);
    if (cookie !== '') {
      headers.set('Cookie', cookie);
    }
    const response = await proxy.fetch(new Request(request, { headers }));
    seen.push(
      `${request.method} ${new URL(request.url).pathname.replace(/^\/api\/2025-10-13/, '')} → ${response.status}`,
    );
    return response;
  };
  const signUp = await call(
    new Request(`${ORIGIN}/api/session`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'ada@bench.example' }),
    }),
  );
  cookie = (signUp.headers.get('Set-Cookie') ?? '').split(';')[0] ?? '';
  const { accountId } = (await signUp.json()) as { accountId: string };
  const client = createWalletAuthClient({
    baseUrl: `${ORIGIN}/api/2025-10-13`,
    fetch: call,
    environment: 'sandbox',
    enclaveKeys: { otpSigner: sandbox.enclavePublicKey },
    keyStore: createMemoryKeyStore(),
    channel: false,
    refreshMarginMs: 0,
  });
  const counts: RoundTripCount[] = [];
  const counted = async (type: RoundTripCount['type'], signIn: () => Promise<unknown>) => {
    seen = [];
    upstream = 0;
    await signIn();
    counts.push({
      type,
      browserToProxy: seen.length,
      proxyToService: upstream,
      minimum: PROTOCOL_MINIMUM[type],
      requests: [...seen],
    });
  };
  const emailId =
    (await client.api.listCredentials(accountId)).data.find((c) => c.type === 'EMAIL_OTP')?.id ??
    '';

  await counted('EMAIL_OTP', async () => {
    const flow = createOtpLoginFlow(client);
    flow.start(emailId);
    await waitFor(flow, (s) => s.status === 'awaitingCode');
    flow.submitCode('000000');
    await waitFor(flow, (s) => s.status === 'authenticated');
  });

  const port = softWebAuthn(createSoftAuthenticator({ rpId: 'localhost', origin: ORIGIN }));
  const registration = createPasskeyRegistrationFlow(client, {
    webauthn: port,
    rp: { id: 'localhost', name: 'Bench' },
  });
  registration.register('Bench laptop');
  const registered = await waitFor(registration, (s) => s.status === 'registered');
  const passkeyId = registered.status === 'registered' ? registered.credential.id : '';
  await client.sessions.signOut();
  await counted('PASSKEY', async () => {
    const flow = createPasskeyLoginFlow(client, { webauthn: port, rpId: 'localhost' });
    flow.start(passkeyId);
    await waitFor(flow, (s) => s.status === 'authenticated');
  });

  const getIdToken: GetIdToken = async ({ nonce }) =>
    mintSandboxIdToken({
      aud: 'bench',
      sub: 'bench-user',
      email: 'ada@gmail.example',
      nonce,
      now: Date.now() / 1000,
    });
  const oauthId = await addOAuth(client, getIdToken);
  await client.sessions.signOut();
  await counted('OAUTH', async () => {
    const flow = createOAuthLoginFlow(client, { getIdToken });
    flow.start(oauthId);
    await waitFor(flow, (s) => s.status === 'authenticated');
  });
  return counts;
}

async function addOAuth(client: WalletAuthClient, getIdToken: GetIdToken): Promise<string> {
  const flow = createAddCredentialFlow(client, { getIdToken });
  flow.add('OAUTH');
  const done = await waitFor(flow, (s) => s.status === 'added');
  return done.status === 'added' ? done.credential.id : '';
}
