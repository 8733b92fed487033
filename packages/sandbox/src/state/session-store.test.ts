/**
 * LOAD-5: ended sessions are swept — the record after ENDED_SESSION_GRACE_MS, a compact tombstone
 * after ENDED_SESSION_TOMBSTONE_MS — and while the tombstone lives every answer is the one the
 * record gave (docs/protocol.md §11.2 step 9 reasons, §12 refresh 401 and revoke 404).
 */
import { createTestKey } from '@wallet-auth/test-utils';
import { describe, expect, it } from 'vitest';
import { createHarness } from '../test/harness.js';
import { ENDED_SESSION_GRACE_MS, ENDED_SESSION_TOMBSTONE_MS } from './session-store.js';

async function signedIn() {
  const h = createHarness({ sessionLifetimeSeconds: 3600 });
  const customer = await h.createCustomer();
  const first = await h.signInWithOtp(customer.walletId, customer.emailCredentialId);
  const second = await h.signInWithOtp(customer.walletId, customer.emailCredentialId);
  const answers = async () => {
    const patch = await h.signedRetry(
      'PATCH',
      `/internal-accounts/${customer.walletId}`,
      { privateEnabled: true },
      first.key,
    );
    const refresh = await h.signedRetry(
      'POST',
      `/auth/sessions/${first.session.id}/refresh`,
      { clientPublicKey: createTestKey().publicKey },
      second.key,
    );
    const revoke = await h.signedRetry(
      'DELETE',
      `/auth/sessions/${first.session.id}`,
      undefined,
      second.key,
    );
    return [patch.second.body, refresh.first.body, revoke.first.body];
  };
  return { h, ...customer, first, second, answers };
}

describe('ended sessions (LOAD-5, docs/protocol.md §11.2, §12)', () => {
  it('given a revoked session, should drop its record after the grace period and keep every answer until its tombstone goes', async () => {
    const { h, first, second, answers } = await signedIn();
    const revoke = await h.signedRetry(
      'DELETE',
      `/auth/sessions/${first.session.id}`,
      undefined,
      second.key,
    );
    expect(revoke.second.status).toBe(204);
    const before = await answers();
    expect(before[0]).toMatchObject({ reason: 'Signing session was revoked' });
    expect(before[1]).toMatchObject({ code: 'UNAUTHORIZED', reason: 'Session is not active' });
    expect(before[2]).toMatchObject({ code: 'NOT_FOUND' });

    h.clock.advance(ENDED_SESSION_GRACE_MS);
    await h.request('GET', '/customers/internal-accounts?limit=1'); // any traffic sweeps
    expect(h.sandbox.state.sessions.has(first.session.id)).toBe(false);
    expect(h.sandbox.state.sessions.has(second.session.id)).toBe(true);
    expect(h.sandbox.state.sessionStore.tombstoneCount).toBe(1);
    expect(await answers()).toEqual(before);

    h.clock.advance(ENDED_SESSION_TOMBSTONE_MS - ENDED_SESSION_GRACE_MS);
    await h.request('GET', '/customers/internal-accounts?limit=1');
    expect(h.sandbox.state.sessionStore.tombstoneCount).toBe(0);
    const after = await answers();
    expect(after[0]).toMatchObject({ reason: 'Signing key is not authorised for this account' });
    expect(after[1]).toMatchObject({ code: 'NOT_FOUND' });
    expect(after[1]).not.toEqual(before[1]);
  });

  it('given expired sessions, should answer "has expired" from the tombstone and keep active sessions whatever their age', async () => {
    const { h, walletId, first } = await signedIn();
    h.clock.advance(3600_000 + ENDED_SESSION_GRACE_MS);
    await h.request('GET', '/customers/internal-accounts?limit=1');
    expect(h.sandbox.state.sessions.size).toBe(0);
    const { second } = await h.signedRetry(
      'PATCH',
      `/internal-accounts/${walletId}`,
      { privateEnabled: true },
      first.key,
    );
    expect(second.body).toMatchObject({
      code: 'WALLET_SIGNATURE_INVALID',
      reason: 'Signing session has expired',
    });
    const fresh = await h.signInWithOtp(walletId, (await h.createCustomer()).emailCredentialId);
    h.clock.advance(3599_000);
    await h.request('GET', '/customers/internal-accounts?limit=1');
    expect(h.sandbox.state.sessions.get(fresh.session.id)).toBeDefined();
  });
});
