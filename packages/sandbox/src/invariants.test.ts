/**
 * EMU-06: after a seeded mix of flows (OTP sign-ins, abandoned first legs, refreshes, revokes,
 * PROCESSING resends and lost responses), the emulator's state matches what clients observed.
 */
import { createTestKey, sealOtpBundle, stamp, type TestKey } from '@wallet-auth/test-utils';
import { describe, expect, it } from 'vitest';
import { createHarness } from './test/harness.js';

describe('emulator invariants after a mixed run (EMU-06)', () => {
  it('given 150 seeded operations, should hold sessions = client successes, no session on a revoked credential, no pending challenge past its TTL', async () => {
    const h = createHarness({
      processing: { 'POST /auth/sessions/{id}/refresh': 1 },
      rateLimits: { challengesPerWindow: 0 },
    });
    let seed = 42;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const customers = await Promise.all(
      [0, 1, 2].map((i) => h.createCustomer({ email: `user${i}@example.com` })),
    );
    const live: { walletId: string; sessionId: string; key: TestKey }[] = [];
    let successes = 0;
    for (let step = 0; step < 150; step++) {
      const customer = customers[Math.floor(random() * customers.length)]!;
      const roll = random();
      h.clock.advance(1000);
      if (roll < 0.4) {
        const challenge = await h.request(
          'POST',
          `/auth/credentials/${customer.emailCredentialId}/challenge`,
          { body: {} },
        );
        const tek = createTestKey();
        const body = JSON.stringify({
          type: 'EMAIL_OTP',
          encryptedOtpBundle: await sealOtpBundle({
            targetBundle: challenge.body.otpEncryptionTargetBundle,
            code: '000000',
            publicKey: tek.publicKey,
          }),
        });
        const leg1 = await h.request(
          'POST',
          `/auth/credentials/${customer.emailCredentialId}/verify`,
          { body },
        );
        if (random() < 0.2) {
          continue; // tab closed between legs (SR-24)
        }
        const leg2 = await h.request(
          'POST',
          `/auth/credentials/${customer.emailCredentialId}/verify`,
          {
            body,
            headers: {
              'Service-Wallet-Signature': stamp(leg1.body.payloadToSign, tek),
              'Request-Id': leg1.body.requestId,
            },
          },
        );
        expect(leg2.status).toBe(200);
        successes += 1;
        live.push({ walletId: customer.walletId, sessionId: leg2.body.id, key: tek });
      } else if (roll < 0.7 && live.length > 0) {
        const session = live[Math.floor(random() * live.length)]!;
        const client = createTestKey();
        const body = JSON.stringify({ clientPublicKey: client.compressedPublicKey });
        const leg1 = await h.request('POST', `/auth/sessions/${session.sessionId}/refresh`, {
          body,
        });
        if (leg1.status !== 202) {
          continue; // expired session: 401 Session is not active
        }
        const headers = {
          'Service-Wallet-Signature': stamp(leg1.body.payloadToSign, session.key),
          'Request-Id': leg1.body.requestId,
        };
        let response = await h.request('POST', `/auth/sessions/${session.sessionId}/refresh`, {
          body,
          headers,
        });
        while (response.status === 200) {
          response = await h.request('POST', `/auth/sessions/${session.sessionId}/refresh`, {
            body,
            headers,
          });
        }
        expect(response.status).toBe(201);
        successes += 1;
        live.push({ walletId: session.walletId, sessionId: response.body.id, key: client });
      } else if (live.length > 0) {
        const index = Math.floor(random() * live.length);
        const session = live[index]!;
        const leg1 = await h.request('DELETE', `/auth/sessions/${session.sessionId}`);
        if (leg1.status === 404) {
          live.splice(index, 1);
          continue;
        }
        const headers = {
          'Service-Wallet-Signature': stamp(leg1.body.payloadToSign, session.key),
          'Request-Id': leg1.body.requestId,
        };
        expect(
          (await h.request('DELETE', `/auth/sessions/${session.sessionId}`, { headers })).status,
        ).toBe(204);
        // A lost response: the resend is told the id is used, and the session list is the truth (SR-12).
        expect(
          (await h.request('DELETE', `/auth/sessions/${session.sessionId}`, { headers })).body
            .reason,
        ).toBe('Request-Id already used');
        live.splice(index, 1);
      }
    }
    const state = h.sandbox.state;
    expect(state.sessions.size).toBe(successes);
    const active = [...state.sessions.values()].filter((s) => state.isActive(s));
    const expected = live.filter((entry) => {
      const session = state.sessions.get(entry.sessionId)!;
      return state.isActive(session);
    });
    expect(active.map((s) => s.id).sort()).toEqual(expected.map((e) => e.sessionId).sort());
    for (const session of state.sessions.values()) {
      expect(state.credentials.has(session.credentialId) || session.revoked).toBe(true);
    }
    h.clock.advance(600_001);
    await h.request('GET', '/customers/internal-accounts?limit=1');
    expect(h.sandbox.pendingRequestCount()).toBe(0);
  });
});
