import { isWalletAuthError } from '@wallet-auth/core';
import { describe, expect, it } from 'vitest';
import { createFakeClock } from './fake-clock.js';
import { createTestKit } from './test-kit.js';

describe('createTestKit', () => {
  it('given a customer made through the platform API, should sign a client in with the e-mail code and hold the session on that device', async () => {
    const kit = createTestKit();
    const customer = await kit.createCustomer({ email: 'ada@example.com' });
    expect(customer.accountId).toMatch(/^InternalAccount:/);
    expect(customer.credentials.map((credential) => credential.type)).toEqual(['EMAIL_OTP']);
    const client = kit.createClient();
    const session = await kit.signInWithOtp(client, customer);
    expect(session.type).toBe('EMAIL_OTP');
    expect(client.sessions.getSnapshot()).toMatchObject({
      status: 'active',
      session: { id: session.id, accountId: customer.accountId },
    });
    // The plaintext code never left the client: only the sealed bundle went out.
    const sent = kit.sandbox.events().filter((event) => event.type === 'OTP_SENT');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.to).toBe('ada@example.com');
  });

  it('given one fake clock, should make the emulator and the client read the same time', async () => {
    const clock = createFakeClock(Date.UTC(2030, 0, 1));
    const kit = createTestKit({ clock, sandbox: { sessionLifetimeSeconds: 600 } });
    const client = kit.createClient();
    const session = await kit.signInWithOtp(client, await kit.createCustomer());
    expect(Date.parse(String(session.expiresAt))).toBe(Date.UTC(2030, 0, 1) + 600_000);
    expect(client.clock.now()).toBe(clock.now());
    clock.advance(601_000);
    await expect(client.sessions.requireStamper()).rejects.toMatchObject({
      code: 'SESSION_EXPIRED',
    });
  });

  it('given a wrong code, should reject with OTP_CODE_INVALID and leave the client signed out', async () => {
    const kit = createTestKit();
    const client = kit.createClient();
    const attempt = kit.signInWithOtp(client, await kit.createCustomer(), { code: '123456' });
    await expect(attempt).rejects.toSatisfy(
      (error) => isWalletAuthError(error) && error.code === 'OTP_CODE_INVALID',
    );
    expect(client.sessions.getSnapshot().status).not.toBe('active');
  });

  it('given platform calls, should add the Basic credentials as a proxy does, and report a refused call with its status', async () => {
    const kit = createTestKit({ sandbox: { clientId: 'team-id', clientSecret: 'team-secret-1' } });
    const customer = await kit.createCustomer();
    const withoutCredentials = await kit.sandbox.fetch(
      new Request(`${kit.baseUrl}/auth/credentials?accountId=${customer.accountId}`),
    );
    expect(withoutCredentials.status).toBe(401);
    const through = await kit.fetch(
      new Request(`${kit.baseUrl}/auth/credentials?accountId=${customer.accountId}`),
    );
    expect(through.status).toBe(200);
    await expect(kit.platform('POST', '/customers', { customerType: 'NOBODY' })).rejects.toThrow(
      /POST \/customers answered 400/,
    );
  });

  it('given a customer without an e-mail, should say that signInWithOtp needs an EMAIL_OTP credential', async () => {
    const kit = createTestKit();
    await expect(
      kit.signInWithOtp(kit.createClient(), { emailCredentialId: undefined }),
    ).rejects.toThrow(/no EMAIL_OTP credential/);
  });
});
