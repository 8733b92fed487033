/**
 * Reliability catalogue SR-17, SR-18, SR-19 and KEY-15: the kit against a backend that lies.
 * The emulator runs in-process; a hook between the kit and it rewrites the 202 challenge the way
 * a compromised proxy could. The kit must read a copy of `payloadToSign` first and sign nothing it
 * was not asked for (docs/protocol.md §11.1 "Kit [PD]"), and must refuse malformed challenges.
 */
import { createSandbox } from '@wallet-auth/sandbox';
import { describe, expect, it } from 'vitest';
import { createWalletAuthClient } from '../create-wallet-auth-client.js';
import { createOtpLoginFlow } from '../flows/otp-login/otp-login.js';
import { createMemoryKeyStore } from '../keys/memory-key-store.js';
import { setWalletPrivacy } from '../wallet/set-wallet-privacy.js';

const BASE_URL = 'http://sandbox.test/2025-10-13';
const BASIC = `Basic ${btoa('sandbox-client-id:sandbox-client-secret')}`;

type Rewrite = (body: Record<string, unknown>, request: Request) => Record<string, unknown>;

/** A signed-in kit whose 202 answers can be rewritten by `tamper.rewrite`. */
async function signedInBehindLiar() {
  const sandbox = createSandbox({ acceptLegacyMagicValues: false });
  const seeded = sandbox.seedCustomer({ customerType: 'INDIVIDUAL', email: 'eve@example.com' });
  const tamper: { rewrite: Rewrite | undefined } = { rewrite: undefined };
  const sent: { method: string; url: string; signed: boolean }[] = [];
  const client = createWalletAuthClient({
    baseUrl: BASE_URL,
    fetch: async (request) => {
      sent.push({
        method: request.method,
        url: request.url,
        signed: request.headers.has('Service-Wallet-Signature'),
      });
      const headers = new Headers(request.headers);
      headers.set('Authorization', BASIC);
      const response = await sandbox.fetch(new Request(request, { headers }));
      if (response.status !== 202 || tamper.rewrite === undefined) {
        return response;
      }
      const body = tamper.rewrite((await response.json()) as Record<string, unknown>, request);
      return new Response(JSON.stringify(body), { status: 202, headers: response.headers });
    },
    environment: 'sandbox',
    enclaveKeys: { otpSigner: sandbox.enclavePublicKey },
    keyStore: createMemoryKeyStore(),
    channel: false,
    refreshMarginMs: 0,
  });
  const flow = createOtpLoginFlow(client);
  await new Promise<void>((resolve, reject) => {
    flow.subscribe(() => {
      const state = flow.getSnapshot();
      if (state.status === 'awaitingCode' && state.problem === undefined) {
        queueMicrotask(() => flow.submitCode('000000'));
      } else if (state.status === 'authenticated') {
        resolve();
      } else if (state.status === 'failed') {
        reject(state.error);
      }
    });
    flow.start(seeded.credentialIds[0]!);
  });
  sent.length = 0;
  return { sandbox, client, tamper, sent, accountId: seeded.walletAccountId };
}

const payment = JSON.stringify({
  organizationId: 'org',
  parameters: { signWith: '0xabc', type: 'TRANSACTION_TYPE_ETHEREUM', unsignedTransaction: 'ff' },
  timestampMs: '1',
  type: 'ACTIVITY_TYPE_SIGN_TRANSACTION_V2',
});

describe('a compromised backend cannot get a foreign payload signed (SR-17, SR-18)', () => {
  it('SR-17: given a payment payload during a session refresh, should refuse with PAYLOAD_INTENT_MISMATCH and sign nothing', async () => {
    const { client, tamper, sent } = await signedInBehindLiar();
    const before = client.sessions.getSnapshot();
    tamper.rewrite = (body) => ({ ...body, payloadToSign: payment });
    await expect(client.sessions.refresh()).rejects.toMatchObject({
      code: 'PAYLOAD_INTENT_MISMATCH',
    });
    expect(sent.filter((request) => request.signed)).toEqual([]);
    expect(client.sessions.getSnapshot()).toMatchObject({
      status: 'active',
      session: { id: before.status === 'active' ? before.session.id : '' },
    });
  });

  it('SR-17: given a payment payload for a privacy change, should refuse and leave the account unchanged', async () => {
    const { sandbox, client, tamper, sent, accountId } = await signedInBehindLiar();
    tamper.rewrite = (body) => ({ ...body, payloadToSign: payment });
    await expect(setWalletPrivacy(client, accountId, true)).rejects.toMatchObject({
      code: 'PAYLOAD_INTENT_MISMATCH',
    });
    expect(sent.filter((request) => request.signed)).toEqual([]);
    expect(sandbox.state.accounts.get(accountId)!.privateEnabled).toBe(false);
  });

  it('SR-18: given a refresh payload whose targetPublicKey is not the key the kit sent, should refuse to sign', async () => {
    const { client, tamper, sent } = await signedInBehindLiar();
    tamper.rewrite = (body) => {
      const activity = JSON.parse(String(body.payloadToSign)) as {
        parameters: { targetPublicKey: string };
      };
      // The attacker's key: same length and form, another point.
      activity.parameters.targetPublicKey = `04${'11'.repeat(64)}`;
      return { ...body, payloadToSign: JSON.stringify(activity) };
    };
    await expect(client.sessions.refresh()).rejects.toMatchObject({
      code: 'PAYLOAD_INTENT_MISMATCH',
    });
    expect(sent.filter((request) => request.signed)).toEqual([]);
  });
});

describe('malformed 202 challenges (SR-19)', () => {
  const expiresAt = () => new Date(Date.now() + 300_000).toISOString();
  it.each<[string, Rewrite]>([
    ['no requestId', ({ requestId: _drop, ...rest }) => rest],
    ['an unparsable expiresAt', (body) => ({ ...body, expiresAt: 'soon' })],
    ['a numeric expiresAt', (body) => ({ ...body, expiresAt: Date.now() + 300_000 })],
    ['an empty payloadToSign', (body) => ({ ...body, payloadToSign: '' })],
    ['a requestId that is not Request:<uuid>', (body) => ({ ...body, requestId: 'Session:1' })],
    ['a requestId with CR/LF', (body) => ({ ...body, requestId: 'Request:a\r\nX-Evil: 1' })],
    ['no payloadToSign at all', ({ payloadToSign: _drop, ...rest }) => rest],
    ['a body that is an array', () => [] as unknown as Record<string, unknown>],
  ])(
    'SR-19: given a 202 with %s, should fail PROTOCOL_ERROR and sign nothing',
    async (_label, rewrite) => {
      const { client, tamper, sent, accountId, sandbox } = await signedInBehindLiar();
      tamper.rewrite = (body) =>
        rewrite({ ...body, expiresAt: body.expiresAt ?? expiresAt() }, {} as Request);
      await expect(setWalletPrivacy(client, accountId, true)).rejects.toMatchObject({
        code: 'PROTOCOL_ERROR',
      });
      expect(sent.filter((request) => request.signed)).toEqual([]);
      expect(sandbox.state.accounts.get(accountId)!.privateEnabled).toBe(false);
    },
  );

  it('SR-19: given a 202 whose payloadToSign is over 64 KiB, should fail PROTOCOL_ERROR and sign nothing', async () => {
    const { client, tamper, sent, accountId } = await signedInBehindLiar();
    tamper.rewrite = (body) => ({ ...body, payloadToSign: `${'x'.repeat(64 * 1024)}y` });
    await expect(setWalletPrivacy(client, accountId, true)).rejects.toMatchObject({
      code: 'PROTOCOL_ERROR',
    });
    expect(sent.filter((request) => request.signed)).toEqual([]);
  });
});

describe('signing with no session (KEY-15)', () => {
  it('KEY-15: given a signed action after sign-out, should fail with the typed no-session code (the kit spells NO_SESSION as SESSION_KEY_MISSING) before any request', async () => {
    const { client, sent, accountId } = await signedInBehindLiar();
    await client.sessions.signOut();
    sent.length = 0;
    await expect(setWalletPrivacy(client, accountId, true)).rejects.toMatchObject({
      name: 'WalletAuthError',
      code: 'SESSION_KEY_MISSING',
    });
    await expect(client.sessions.requireStamper()).rejects.toMatchObject({
      code: 'SESSION_KEY_MISSING',
    });
    expect(sent).toEqual([]);
  });
});
