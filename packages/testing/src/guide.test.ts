/**
 * The Vitest examples of docs/testing.md, run as written: each `#region` below must appear in the
 * guide verbatim (the last test checks it), so the guide cannot drift from the package.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createOtpLoginFlow } from '@wallet-auth/core';
import { createTestKit } from '@wallet-auth/testing';
import { describe, expect, it, vi } from 'vitest';

describe('docs/testing.md', () => {
  // #region sign-in
  it('given a customer with an e-mail address, should sign in with the code', async () => {
    const kit = createTestKit();
    const customer = await kit.createCustomer({ email: 'ada@example.com' });
    const client = kit.createClient();

    const session = await kit.signInWithOtp(client, customer);

    expect(session.accountId).toBe(customer.accountId);
    expect(client.sessions.getSnapshot().status).toBe('active');
    // Nothing is delivered: the emulator records what it would have sent.
    expect(kit.sandbox.events()).toContainEqual(
      expect.objectContaining({ type: 'OTP_SENT', to: 'ada@example.com' }),
    );
  });
  // #endregion sign-in

  // #region wrong-code
  it('given a wrong code, should refuse it and leave the client signed out', async () => {
    const kit = createTestKit();
    const client = kit.createClient();

    const attempt = kit.signInWithOtp(client, await kit.createCustomer(), { code: '123456' });

    await expect(attempt).rejects.toMatchObject({ code: 'OTP_CODE_INVALID' });
    expect(client.sessions.getSnapshot().status).not.toBe('active');
  });
  // #endregion wrong-code

  // #region session-expiry
  it('given a session past its lifetime, should refuse to sign with it', async () => {
    const kit = createTestKit({ sandbox: { sessionLifetimeSeconds: 600 } });
    const client = kit.createClient({ refreshMarginMs: 0 }); // no refresh before expiry
    await kit.signInWithOtp(client, await kit.createCustomer());

    kit.clock.advance(601_000); // the emulator and the client both read this clock

    await expect(client.sessions.requireStamper()).rejects.toMatchObject({
      code: 'SESSION_EXPIRED',
    });
  });
  // #endregion session-expiry

  // #region code-expiry
  it('given a code typed after it expired, should ask for a new one', async () => {
    const kit = createTestKit(); // codes and challenges live 300 s
    const customer = await kit.createCustomer();
    const flow = createOtpLoginFlow(kit.createClient(), { credentialType: 'EMAIL_OTP' });
    const waitFor = { timeout: 5_000 };

    flow.start(customer.emailCredentialId!);
    await vi.waitFor(() => expect(flow.getSnapshot().status).toBe('awaitingCode'), waitFor);
    kit.clock.advance(301_000);
    flow.submitCode('000000');

    await vi.waitFor(
      () =>
        expect(flow.getSnapshot()).toMatchObject({
          status: 'awaitingCode',
          problem: { kind: 'codeExpired' },
        }),
      waitFor,
    );
    flow.dispose();
  });
  // #endregion code-expiry

  // #region processing
  it('given a verify answered PROCESSING twice, should still sign in', async () => {
    const kit = createTestKit({
      sandbox: { processing: { 'POST /auth/credentials/{id}/verify': 2 } },
    });
    const customer = await kit.createCustomer();

    const signIn = kit.signInWithOtp(kit.createClient(), customer);
    // The kit waits between PROCESSING answers on its clock: move the fake clock meanwhile.
    const ticking = setInterval(() => kit.clock.advance(250), 10);

    await expect(signIn.finally(() => clearInterval(ticking))).resolves.toMatchObject({
      type: 'EMAIL_OTP',
    });
  });
  // #endregion processing

  // #region fault
  it('given a server error on the code request, should fail with a retryable error', async () => {
    const kit = createTestKit({
      sandbox: {
        faults: {
          seed: 1,
          rules: [{ route: 'POST /auth/credentials/{id}/challenge', rate: 1, kind: 'serverError' }],
        },
      },
    });

    const attempt = kit.signInWithOtp(kit.createClient(), await kit.createCustomer());

    await expect(attempt).rejects.toMatchObject({ code: 'INTERNAL_ERROR', retryable: true });
  });
  // #endregion fault

  // #region lock
  it('given a credential locked by a wrong code, should say when to try again', async () => {
    const kit = createTestKit({ sandbox: { rateLimits: { verifyFailuresBeforeLock: 1 } } });
    const client = kit.createClient();
    const customer = await kit.createCustomer();
    await expect(kit.signInWithOtp(client, customer, { code: '123456' })).rejects.toMatchObject({
      code: 'OTP_CODE_INVALID',
    });

    const flow = createOtpLoginFlow(client, { credentialType: 'EMAIL_OTP' });
    flow.start(customer.emailCredentialId!);

    await vi.waitFor(
      () =>
        expect(flow.getSnapshot()).toMatchObject({
          status: 'rateLimited',
          retryAt: kit.clock.now() + 300_000, // lockSeconds
        }),
      { timeout: 5_000 },
    );
    flow.dispose();
  });
  // #endregion lock

  it('given the guide, should show every example above verbatim', () => {
    const source = readFileSync(fileURLToPath(import.meta.url), 'utf8');
    const guide = readFileSync(
      fileURLToPath(new URL('../../../docs/testing.md', import.meta.url)),
      'utf8',
    );
    const regions = [...source.matchAll(/\/\/ #region ([\w-]+)\n([\s\S]*?)\n\s*\/\/ #endregion/g)];
    expect(regions.map((region) => region[1])).toEqual([
      'sign-in',
      'wrong-code',
      'session-expiry',
      'code-expiry',
      'processing',
      'fault',
      'lock',
    ]);
    for (const [, name, body] of regions) {
      const code = body!.replace(/^ {2}/gm, ''); // one level less than inside describe()
      expect(guide, `docs/testing.md lacks the example "${name}" as written here`).toContain(code);
    }
  });
});
