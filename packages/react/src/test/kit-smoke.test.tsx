import { describe, expect, it } from 'vitest';
import { createKit } from './kit.js';

describe('the test kit', () => {
  it('given an emulator in jsdom, should sign in with the OTP code', async () => {
    const kit = createKit();
    const session = await kit.signIn();
    expect(session.accountId).toBe(kit.accountId);
    expect(kit.client.sessions.getSnapshot().status).toBe('active');
  });
});
