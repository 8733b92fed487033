// @vitest-environment jsdom
import './jsdom.js';
import { describe, expect, it } from 'vitest';
import { createTestKit } from './test-kit.js';

describe('@wallet-auth/testing/jsdom', () => {
  it("given Vitest's jsdom environment, should let the kit's WebCrypto sign in with the e-mail code", async () => {
    expect(typeof window).toBe('object'); // jsdom is the environment
    const kit = createTestKit();
    const client = kit.createClient();
    const session = await kit.signInWithOtp(client, await kit.createCustomer());
    expect(client.sessions.getSnapshot()).toMatchObject({
      status: 'active',
      session: { id: session.id },
    });
  });
});
