import { afterEach, describe, expect, it, vi } from 'vitest';
import { createOtpLoginFlow } from '../flows/otp-login/otp-login.js';
import type { SignedActionProgress } from '../session/signed-action.js';
import type { StampSubject } from '../signed-retry/stamp-subject.js';
import { setup, waitFor } from '../test/harness.js';
import type { WalletAuthClient } from '../wallet-auth-client.types.js';
import { createTransfer, executeTransfer } from './execute-transfer.js';

async function signInWithOtp(client: WalletAuthClient, credentialId: string) {
  const flow = createOtpLoginFlow(client);
  flow.start(credentialId);
  await waitFor(flow, (s) => s.status === 'awaitingCode');
  flow.submitCode('000000');
  await waitFor(flow, (s) => s.status === 'authenticated');
}

/** The wallet, funded, and another ACTIVE internal account in its currency. */
async function fundedWallet(env: Awaited<ReturnType<typeof setup>>, amount: number) {
  const { client, platform, accountId } = env;
  const funded = await platform('POST', `/sandbox/internal-accounts/${accountId}/fund`, { amount });
  expect(funded.status).toBe(200);
  const { data } = await client.api.listInternalAccounts({ limit: 100 });
  const wallet = data.find((a) => a.id === accountId)!;
  const destination = data.find(
    (a) =>
      a.id !== accountId &&
      a.status === 'ACTIVE' &&
      a.balance.currency.code === wallet.balance.currency.code,
  );
  if (destination === undefined) {
    throw new Error('no account in the wallet currency');
  }
  return { wallet, destinationAccountId: destination.id };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('executeTransfer against the emulator', () => {
  it('given the service clock passing the quote expiry before execute, should fail CHALLENGE_EXPIRED (send again), not INVALID_INPUT, and move no funds', async () => {
    let offset = 0;
    const env = await setup({ sandbox: { clock: () => Date.now() + offset } });
    await signInWithOtp(env.client, env.emailCredentialId);
    const { destinationAccountId } = await fundedWallet(env, 10_000);
    const transfer = createTransfer(env.client, {
      sourceAccountId: env.accountId,
      destinationAccountId,
      amount: 1_000,
    });
    const failing = transfer.send({
      onProgress: (p) => {
        // The service's clock runs past the quote's expiresAt while this device's does not.
        if (p.kind === 'signing') {
          offset = 301_000;
        }
      },
    });
    await expect(failing).rejects.toMatchObject({ code: 'CHALLENGE_EXPIRED', retryable: true });
    offset = 0;
    const { data } = await env.client.api.listInternalAccounts({ limit: 100 });
    expect(data.find((a) => a.id === env.accountId)?.balance.amount).toBe(10_000);
  });

  it('given PROCESSING on execute, should resend with the same Idempotency-Key and stamp until COMPLETED', async () => {
    vi.useFakeTimers({ now: Date.now(), toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    const env = await setup({ sandbox: { processing: { 'POST /quotes/{quoteId}/execute': 2 } } });
    await signInWithOtp(env.client, env.emailCredentialId);
    const { destinationAccountId } = await fundedWallet(env, 10_000);
    const progress: SignedActionProgress['kind'][] = [];
    let processed = 0;
    let onProcessing: () => void = () => undefined;
    const result = executeTransfer(
      env.client,
      { sourceAccountId: env.accountId, destinationAccountId, amount: 2_500, description: 'rent' },
      {
        onProgress: (p) => {
          progress.push(p.kind);
          if (p.kind === 'processing') {
            processed += 1;
            onProcessing();
          }
        },
      },
    );
    // §11.4 backoff: the n-th PROCESSING answer is resent after 1 s, then 2 s.
    for (const [index, wait] of [1000, 2000].entries()) {
      await new Promise<void>((resolve) => {
        onProcessing = () => {
          if (processed > index) {
            resolve();
          }
        };
        onProcessing();
      });
      await vi.advanceTimersByTimeAsync(wait);
    }
    const quote = await result;
    expect(quote).toMatchObject({ status: 'COMPLETED', totalSendingAmount: 2_500 });
    expect(quote.transactionId).toEqual(expect.any(String));
    const executes = env.requests.filter((r) => r.url.endsWith(`${quote.id}/execute`));
    const keys = new Set(executes.map((r) => r.headers.get('Idempotency-Key')));
    expect(keys.size).toBe(1);
    expect([...keys][0]).toMatch(/^[0-9a-f-]{36}$/);
    const signed = executes.filter((r) => r.headers.has('Service-Wallet-Signature'));
    expect(signed).toHaveLength(3);
    expect(new Set(signed.map((r) => r.headers.get('Service-Wallet-Signature'))).size).toBe(1);
    expect(progress.filter((kind) => kind === 'processing')).toHaveLength(2);
    const { data } = await env.client.api.listInternalAccounts({ limit: 100 });
    expect(data.find((a) => a.id === env.accountId)?.balance.amount).toBe(7_500);
  });

  it("EMU-12: given the customer's USD account as destination (USDC → USD), should execute the cross-currency quote and return both amounts and the rate", async () => {
    const env = await setup();
    await signInWithOtp(env.client, env.emailCredentialId);
    await fundedWallet(env, 5_000_000);
    const { data } = await env.client.api.listInternalAccounts({
      customerId: env.customerId,
      type: 'INTERNAL_FIAT',
    });
    const usdAccount = data[0]!;
    const quote = await executeTransfer(env.client, {
      sourceAccountId: env.accountId,
      destinationAccountId: usdAccount.id,
      amount: 2_345_678,
    });
    expect(quote).toMatchObject({
      status: 'COMPLETED',
      sendingCurrency: { code: 'USDC', decimals: 6 },
      receivingCurrency: { code: 'USD', decimals: 2 },
      totalSendingAmount: 2_345_678,
      totalReceivingAmount: 234,
      exchangeRate: 1,
      transactionId: expect.stringMatching(/^Transaction:/),
    });
    const after = await env.client.api.listInternalAccounts({ customerId: env.customerId });
    expect(after.data.find((a) => a.id === usdAccount.id)?.balance.amount).toBe(234);
    expect(after.data.find((a) => a.id === env.accountId)?.balance.amount).toBe(
      5_000_000 - 2_345_678,
    );
  });

  it('EMU-13: given a pair the service has no rate for, should fail INVALID_INPUT naming destination.accountId and move nothing', async () => {
    const env = await setup({ sandbox: { exchangeRates: {} } });
    await signInWithOtp(env.client, env.emailCredentialId);
    await fundedWallet(env, 5_000_000);
    const { data } = await env.client.api.listInternalAccounts({
      customerId: env.customerId,
      type: 'INTERNAL_FIAT',
    });
    await expect(
      executeTransfer(env.client, {
        sourceAccountId: env.accountId,
        destinationAccountId: data[0]!.id,
        amount: 1_000_000,
      }),
    ).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      status: 400,
      details: { errors: [{ field: 'destination.accountId' }] },
    });
  });

  it('UI-22: given more than the balance, should refuse AMOUNT_OUT_OF_RANGE before making a quote or asking for a signature', async () => {
    const env = await setup();
    await signInWithOtp(env.client, env.emailCredentialId);
    const { destinationAccountId } = await fundedWallet(env, 100);
    const before = env.requests.length;
    await expect(
      executeTransfer(env.client, {
        sourceAccountId: env.accountId,
        destinationAccountId,
        amount: 101,
      }),
    ).rejects.toMatchObject({
      code: 'AMOUNT_OUT_OF_RANGE',
      details: { available: 100, requested: 101, currency: 'USDC' },
    });
    const sent = env.requests.slice(before).map((r) => `${r.method} ${new URL(r.url).pathname}`);
    expect(sent).toEqual(['GET /2025-10-13/customers/internal-accounts']);
  });

  it("UI-21: given the emulator's own quote payload, should bind it to the quote and show the stamper the cross-currency quote (USDC → the customer's USD account)", async () => {
    const env = await setup();
    await signInWithOtp(env.client, env.emailCredentialId);
    await fundedWallet(env, 5_000_000);
    const { data } = await env.client.api.listInternalAccounts({
      customerId: env.customerId,
      type: 'INTERNAL_FIAT',
    });
    const usdAccount = data[0]!;
    const subjects: StampSubject[] = [];
    const requireStamper = env.client.sessions.requireStamper;
    const client: WalletAuthClient = {
      ...env.client,
      sessions: {
        ...env.client.sessions,
        requireStamper: async () => {
          const stamper = await requireStamper();
          return {
            ...stamper,
            stamp: (payload, subject) => {
              if (subject !== undefined) {
                subjects.push(subject);
              }
              return stamper.stamp(payload, subject);
            },
          };
        },
      },
    };
    const quote = await executeTransfer(client, {
      sourceAccountId: env.accountId,
      destinationAccountId: usdAccount.id,
      amount: 1_500_000,
    });
    expect(subjects).toHaveLength(1);
    expect(subjects[0]).toMatchObject({
      kind: 'transfer',
      quote: {
        id: quote.id,
        totalSendingAmount: 1_500_000,
        totalReceivingAmount: 150,
        sendingCurrency: { code: 'USDC' },
        receivingCurrency: { code: 'USD' },
        exchangeRate: 1,
      },
      destinationAccount: { id: usdAccount.id, type: 'INTERNAL_FIAT' },
    });
  });

  it('given no session, should fail SESSION_KEY_MISSING with no request', async () => {
    const env = await setup();
    await expect(
      executeTransfer(env.client, {
        sourceAccountId: env.accountId,
        destinationAccountId: 'InternalAccount:7c9e6679-7425-40de-944b-e07fc1f90ae7',
        amount: 1,
      }),
    ).rejects.toMatchObject({ code: 'SESSION_KEY_MISSING' });
    expect(env.requests).toHaveLength(0);
  });
});
