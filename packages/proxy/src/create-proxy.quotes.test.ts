/**
 * The proxy's quote and funding routes against the real sandbox (docs/protocol.md §11.6): a user's
 * quote is created upstream and recorded as theirs, executed with a real stamp by a session of
 * their wallet in both forms (signature alone, and 202 → leg 2 with Request-Id), with
 * Idempotency-Key and PROCESSING passed through unchanged; the funding helper credits only the
 * user's own wallet, and only when allowed.
 */
import { mintSandboxIdToken, oidcNonceFor } from '@wallet-auth/sandbox';
import { describe, expect, it } from 'vitest';
import { json } from './testing/proxy-harness.js';
import { createWalletHarness, type WalletHarness } from './testing/wallet-fixtures.js';

const hex = (bytes: Uint8Array) =>
  Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');

/** Minimal DER INTEGER of one 32-byte half of a P1363 signature. */
function derInteger(half: Uint8Array): number[] {
  let start = 0;
  while (start < half.length - 1 && half[start] === 0) {
    start += 1;
  }
  const body = [...half.slice(start)];
  if (body[0]! & 0x80) {
    body.unshift(0);
  }
  return [0x02, body.length, ...body];
}

/** A non-extractable P-256 session key held by the test (docs/protocol.md §15 client-held key). */
async function createSessionKey() {
  const pair = (await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, [
    'sign',
  ])) as CryptoKeyPair;
  const raw = new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey));
  const pub33 = `0${2 + (raw[64]! & 1)}${hex(raw.slice(1, 33))}`;
  return {
    pub33,
    /** The `Service-Wallet-Signature` stamp over `payload` (docs/protocol.md §2). */
    async stamp(payload: string): Promise<string> {
      const rs = new Uint8Array(
        await crypto.subtle.sign(
          { name: 'ECDSA', hash: 'SHA-256' },
          pair.privateKey,
          new TextEncoder().encode(payload),
        ),
      );
      const body = [...derInteger(rs.slice(0, 32)), ...derInteger(rs.slice(32))];
      const der = Uint8Array.of(0x30, body.length, ...body);
      const stamp = JSON.stringify({
        publicKey: pub33,
        scheme: 'SIGNATURE_SCHEME_TK_API_P256',
        signature: hex(der),
      });
      return Buffer.from(stamp).toString('base64url');
    },
  };
}

/** A user whose wallet holds `funds`, signed in with a client-held key through the proxy. */
async function signedInUser(harness: WalletHarness, name: string, funds: number) {
  const user = harness.addUser(name);
  const key = await createSessionKey();
  const token = (nonce?: string) =>
    mintSandboxIdToken({
      aud: 'proxy-tests',
      sub: `${name}-sub`,
      now: harness.clock.now / 1000,
      ...(nonce === undefined ? {} : { nonce }),
    });
  const created = await harness.as(name, 'POST', '/auth/credentials', {
    body: JSON.stringify({ type: 'OAUTH', accountId: user.accountId, oidcToken: token() }),
  });
  expect(created.status).toBe(201);
  const credentialId = (await json(created)).id as string;
  const verified = await harness.as(name, 'POST', `/auth/credentials/${credentialId}/verify`, {
    body: JSON.stringify({
      type: 'OAUTH',
      oidcToken: token(oidcNonceFor(key.pub33)),
      clientPublicKey: key.pub33,
    }),
  });
  expect(verified.status).toBe(200);
  const wallet = harness.sandbox.state.accounts.get(user.accountId)!;
  wallet.balance += funds; // platform-side funding (the proxy's funding row is tested below)
  return { ...user, key };
}

function platformUsdc(harness: WalletHarness): string {
  return [...harness.sandbox.state.accounts.values()].find((a) => a.label === 'Platform USDC')!.id;
}

function quoteBody(source: string, destination: string, amount: number): string {
  return JSON.stringify({
    source: { sourceType: 'ACCOUNT', accountId: source },
    destination: { destinationType: 'ACCOUNT', accountId: destination },
    lockedCurrencySide: 'SENDING',
    lockedCurrencyAmount: amount,
  });
}

describe('quote routes against the real sandbox (docs/protocol.md §11.6)', () => {
  it("given a user's wallet quote, should execute it with the stamp alone and an Idempotency-Key, replay it, refuse another user and pass 409 through", async () => {
    const harness = createWalletHarness();
    const ivy = await signedInUser(harness, 'ivy', 10_000);
    await signedInUser(harness, 'jon', 0);
    const destination = platformUsdc(harness);
    const created = await harness.as('ivy', 'POST', '/quotes', {
      body: quoteBody(ivy.accountId, destination, 4_000),
    });
    expect(created.status).toBe(201);
    const quote = await json(created);
    expect(quote).toMatchObject({ status: 'PENDING', totalSendingAmount: 4_000 });
    const payload = (
      quote.paymentInstructions as { accountOrWalletInfo: { payloadToSign: string } }[]
    )[0]!.accountOrWalletInfo.payloadToSign;
    const headers = {
      'Service-Wallet-Signature': await ivy.key.stamp(payload),
      'Idempotency-Key': 'ivy-transfer-1',
    };
    const path = `/quotes/${quote.id as string}/execute`;
    expect((await harness.as('jon', 'POST', path, { body: '{}', headers })).status).toBe(403);
    const executed = await harness.as('ivy', 'POST', path, { body: '{}', headers });
    expect(executed.status).toBe(200);
    const first = await executed.text();
    expect(JSON.parse(first)).toMatchObject({ id: quote.id, status: 'COMPLETED' });
    expect(harness.sandbox.state.accounts.get(ivy.accountId)!.balance).toBe(6_000);
    expect(harness.sandbox.state.accounts.get(destination)!.balance).toBe(4_000);
    const replay = await harness.as('ivy', 'POST', path, { body: '{}', headers });
    expect(await replay.text()).toBe(first);
    const again = await harness.as('ivy', 'POST', path, {
      body: '{}',
      headers: { 'Service-Wallet-Signature': headers['Service-Wallet-Signature'] },
    });
    expect(again.status).toBe(409);
    expect((await json(again)).code).toBe('CONFLICT');
    const forwarded = harness.calls.filter((call) => call.url.endsWith('/execute'));
    expect(forwarded.map((call) => call.headers['idempotency-key'])).toEqual([
      'ivy-transfer-1',
      'ivy-transfer-1',
      undefined,
    ]);
  });

  it('given the two-leg form and processing 1, should relay 202, PROCESSING and the quote; a foreign session is refused upstream', async () => {
    const harness = createWalletHarness({
      sandbox: { processing: { 'POST /quotes/{quoteId}/execute': 1 } },
    });
    const kai = await signedInUser(harness, 'kai', 1_000);
    const quote = await json(
      await harness.as('kai', 'POST', '/quotes', {
        body: quoteBody(kai.accountId, platformUsdc(harness), 250),
      }),
    );
    const path = `/quotes/${quote.id as string}/execute`;
    const leg1 = await harness.as('kai', 'POST', path, { body: '{}' });
    expect(leg1.status).toBe(202);
    const challenge = await json(leg1);
    const stranger = await createSessionKey();
    const foreign = await harness.as('kai', 'POST', path, {
      body: '{}',
      headers: {
        'Service-Wallet-Signature': await stranger.stamp(challenge.payloadToSign as string),
        'Request-Id': challenge.requestId as string,
      },
    });
    expect(foreign.status).toBe(401);
    expect((await json(foreign)).code).toBe('WALLET_SIGNATURE_INVALID');
    const leg2 = {
      body: '{}',
      headers: {
        'Service-Wallet-Signature': await kai.key.stamp(challenge.payloadToSign as string),
        'Request-Id': challenge.requestId as string,
      },
    };
    expect(await json(await harness.as('kai', 'POST', path, leg2))).toMatchObject({
      status: 'PROCESSING',
    });
    const done = await harness.as('kai', 'POST', path, leg2);
    expect(done.status).toBe(200);
    expect(await json(done)).toMatchObject({ id: quote.id, status: 'COMPLETED' });
    expect(harness.sandbox.state.accounts.get(kai.accountId)!.balance).toBe(750);
  });

  it('given an amount above the balance, should pass AMOUNT_OUT_OF_RANGE through at acceptance', async () => {
    const harness = createWalletHarness();
    const lia = await signedInUser(harness, 'lia', 100);
    const quote = await json(
      await harness.as('lia', 'POST', '/quotes', {
        body: quoteBody(lia.accountId, platformUsdc(harness), 101),
      }),
    );
    const payload = (
      quote.paymentInstructions as { accountOrWalletInfo: { payloadToSign: string } }[]
    )[0]!.accountOrWalletInfo.payloadToSign;
    const response = await harness.as('lia', 'POST', `/quotes/${quote.id as string}/execute`, {
      body: '{}',
      headers: { 'Service-Wallet-Signature': await lia.key.stamp(payload) },
    });
    expect(response.status).toBe(400);
    expect((await json(response)).code).toBe('AMOUNT_OUT_OF_RANGE');
  });
});

describe('sandbox funding route against the real sandbox', () => {
  it("given allowSandboxFunding, should credit the user's own wallet and return the InternalAccount", async () => {
    const harness = createWalletHarness({ proxy: { allowSandboxFunding: true } });
    const max = harness.addUser('max');
    const response = await harness.as(
      'max',
      'POST',
      `/sandbox/internal-accounts/${max.accountId}/fund`,
      {
        body: '{"amount":1500}',
      },
    );
    expect(response.status).toBe(200);
    expect(await json(response)).toMatchObject({
      id: max.accountId,
      type: 'EMBEDDED_WALLET',
      balance: { amount: 1_500 },
    });
    const invalid = await harness.as(
      'max',
      'POST',
      `/sandbox/internal-accounts/${max.accountId}/fund`,
      {
        body: '{"amount":0}',
      },
    );
    expect(invalid.status).toBe(400);
    expect((await json(invalid)).code).toBe('INVALID_INPUT');
  });

  it('given the default options, should not forward the funding route at all', async () => {
    const harness = createWalletHarness();
    const ned = harness.addUser('ned');
    const response = await harness.as(
      'ned',
      'POST',
      `/sandbox/internal-accounts/${ned.accountId}/fund`,
      {
        body: '{"amount":1}',
      },
    );
    expect(response.status).toBe(404);
    expect(harness.calls).toHaveLength(0);
    expect(harness.sandbox.state.accounts.get(ned.accountId)!.balance).toBe(0);
  });
});
