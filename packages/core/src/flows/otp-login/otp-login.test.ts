import { describe, expect, it } from 'vitest';
import { PRODUCTION_OTP_SIGNER_PUBLIC_KEY } from '../../crypto/environment.js';
import { setup, waitFor } from '../../test/harness.js';
import { createOtpLoginFlow } from './otp-login.js';

describe('OTP sign-in against the emulator', () => {
  it('given the sandbox code 000000, should end with an active session whose key signs the next action', async () => {
    const { client, emailCredentialId, accountId, requests } = await setup();
    const flow = createOtpLoginFlow(client);
    flow.start(emailCredentialId);
    await waitFor(flow, (s) => s.status === 'awaitingCode');
    flow.submitCode('000000');
    const done = await waitFor(flow, (s) => s.status === 'authenticated' || s.status === 'failed');
    expect(done.status).toBe('authenticated');
    const session = client.sessions.getSnapshot();
    expect(session).toMatchObject({
      status: 'active',
      session: { accountId, type: 'EMAIL_OTP', credentialId: emailCredentialId },
    });
    // The plaintext code never left the client (docs/protocol.md §5).
    expect(requests.some((r) => r.body.includes('000000'))).toBe(false);
    // Leg 2 repeated leg 1's body byte for byte with both headers.
    const verifies = requests.filter((r) => r.url.endsWith('/verify'));
    expect(verifies).toHaveLength(2);
    expect(verifies[1]!.body).toBe(verifies[0]!.body);
    expect(verifies[1]!.headers.get('Service-Wallet-Signature')).toBeTruthy();
    expect(verifies[1]!.headers.get('Request-Id')).toMatch(/^Request:/);
    const { data } = await client.api.listSessions(accountId);
    expect(data.map((s) => s.id)).toContain(done.status === 'authenticated' ? done.session.id : '');
  });

  it('given a wrong code then the right one, should show the wrong code and then sign in', async () => {
    const { client, emailCredentialId } = await setup();
    const flow = createOtpLoginFlow(client);
    flow.start(emailCredentialId);
    await waitFor(flow, (s) => s.status === 'awaitingCode');
    flow.submitCode('123456');
    const wrong = await waitFor(
      flow,
      (s) => s.status === 'awaitingCode' && s.problem !== undefined,
    );
    expect(wrong).toMatchObject({
      problem: { kind: 'wrongCode', failedAttempts: 1, attemptsLeft: 4 },
    });
    flow.submitCode('000000');
    await waitFor(flow, (s) => s.status === 'authenticated');
  });

  it('given a bundle signed by a key other than the pinned one, should fail BUNDLE_SIGNATURE_INVALID and send nothing', async () => {
    const { client, emailCredentialId, requests } = await setup({
      client: { enclaveKeys: { otpSigner: PRODUCTION_OTP_SIGNER_PUBLIC_KEY } },
    });
    const flow = createOtpLoginFlow(client);
    flow.start(emailCredentialId);
    await waitFor(flow, (s) => s.status === 'awaitingCode');
    flow.submitCode('000000');
    const failed = await waitFor(flow, (s) => s.status === 'failed');
    expect(failed).toMatchObject({ error: { code: 'BUNDLE_SIGNATURE_INVALID' } });
    expect(requests.filter((r) => r.url.endsWith('/verify'))).toHaveLength(0);
  });

  it('UI-12: given five wrong codes across a resend, should lock the step on the fifth exactly when the emulator locks the credential', async () => {
    const { client, emailCredentialId } = await setup();
    const flow = createOtpLoginFlow(client, { resendCooldownSeconds: 0 });
    flow.start(emailCredentialId);
    await waitFor(flow, (s) => s.status === 'awaitingCode');
    const lefts: (number | undefined)[] = [];
    for (const [index, code] of ['111111', '222222', '333333', '444444'].entries()) {
      if (index === 2) {
        // A new code does not reset the service's count of wrong codes.
        flow.resend();
        await waitFor(flow, (s) => s.status === 'awaitingCode' && s.problem === undefined);
      }
      flow.submitCode(code);
      const state = await waitFor(
        flow,
        (s) => s.status === 'awaitingCode' && s.problem?.kind === 'wrongCode',
      );
      lefts.push(
        state.status === 'awaitingCode' && state.problem?.kind === 'wrongCode'
          ? state.problem.attemptsLeft
          : -1,
      );
    }
    expect(lefts).toEqual([4, 3, 2, 1]);
    flow.submitCode('555555');
    const locked = await waitFor(flow, (s) => s.status === 'rateLimited');
    expect(locked).toMatchObject({ reason: 'wrongCodes' });
    // The emulator agrees: the credential is locked now, so even a new challenge is refused.
    await expect(client.api.challengeOtp(emailCredentialId)).rejects.toMatchObject({
      code: 'RATE_LIMITED',
    });
    flow.dispose();
  });
});
