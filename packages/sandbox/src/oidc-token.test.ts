import { createTestKey } from '@wallet-auth/test-utils';
import { describe, expect, it } from 'vitest';
import { mintSandboxIdToken, oidcNonceFor } from './oidc-token.js';
import { createHarness } from './test/harness.js';

describe("mintSandboxIdToken (the demo's fake OIDC provider)", () => {
  it('given aud, sub, email and the nonce of the client key, should mint a token the emulator accepts at create and verify', async () => {
    const h = createHarness();
    const { walletId } = await h.createCustomer({ email: undefined });
    const now = h.clock.now() / 1000;
    const created = await h.request('POST', '/auth/credentials', {
      body: {
        type: 'OAUTH',
        accountId: walletId,
        oidcToken: mintSandboxIdToken({ aud: 'demo', sub: 'u-1', email: 'u@example.com', now }),
      },
    });
    expect(created.body).toMatchObject({ type: 'OAUTH', nickname: 'u@example.com' });
    const client = createTestKey();
    const token = mintSandboxIdToken({
      aud: 'demo',
      sub: 'u-1',
      nonce: oidcNonceFor(client.publicKey),
      now,
    });
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
    expect(claims).toMatchObject({
      iss: 'https://accounts.google.com',
      aud: 'demo',
      sub: 'u-1',
      iat: Math.floor(now),
      exp: Math.floor(now) + 600,
    });
    const verified = await h.request('POST', `/auth/credentials/${created.body.id}/verify`, {
      body: { type: 'OAUTH', oidcToken: token, clientPublicKey: client.publicKey },
    });
    expect(verified.status).toBe(200);
  });

  it('given an explicit iat too old, should be refused by the emulator (the helper does not bypass the rules)', async () => {
    const h = createHarness();
    const { walletId } = await h.createCustomer({ email: undefined });
    const now = h.clock.now() / 1000;
    const response = await h.request('POST', '/auth/credentials', {
      body: {
        type: 'OAUTH',
        accountId: walletId,
        oidcToken: mintSandboxIdToken({ aud: 'demo', sub: 'u', iat: now - 120, now }),
      },
    });
    expect(response.body.reason).toBe('OIDC iat outside the allowed window');
  });
});
