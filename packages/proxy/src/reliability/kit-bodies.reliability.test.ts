/**
 * Catalogue row BFF-47, from the other side: every body the kit's own API client builds (each
 * credential type, each verify, refresh, export, privacy, contact change, quote and execute)
 * passes the proxy's member allowlists. The client runs unchanged against the proxy in front of
 * the real emulator; the ids are real where the emulator needs them, so most calls reach it.
 */
import {
  createApiClient,
  toPasskeyAssertion,
  toPasskeyAttestation,
} from '@wallet-auth/core/primitives';
import { describe, expect, it } from 'vitest';
import { API, json, ORIGIN } from '../testing/proxy-harness.js';
import { createWalletHarness, freshPub65, TEST_USER_HEADER } from '../testing/wallet-fixtures.js';

const UUID = '0f8e1c2a-3b4d-4e5f-8a9b-0c1d2e3f4a5b';
const B64 = 'AQIDBA';

describe("the kit's own bodies through the allowlists (BFF-47)", () => {
  it("BFF-47: given every body the kit's API client sends, should refuse none of its members", async () => {
    const harness = createWalletHarness({ proxy: { rateLimit: { requestsPerMinute: 0 } } });
    const ada = harness.addUser('ada', { email: 'ada@example.com' });
    const refusals: string[] = [];
    const answered: string[] = [];
    const api = createApiClient({
      baseUrl: API,
      headers: { Origin: ORIGIN, [TEST_USER_HEADER]: 'ada' },
      fetch: async (request) => {
        const response = await harness.proxy.fetch(request);
        const body: Record<string, unknown> = await json(response.clone()).catch(() => ({}));
        answered.push(`${request.method} ${new URL(request.url).pathname} ${response.status}`);
        if (String(body.message ?? '').startsWith('Body members')) {
          refusals.push(`${request.method} ${request.url}: ${JSON.stringify(body.details)}`);
        }
        return response;
      },
    });
    // No session key in this test: a 202 challenge ends the call, after its leg 1 was judged.
    const call = {
      stamp: async () => {
        throw new Error('no session key in this test');
      },
    };
    const credential = ada.credentialIds[0]!;
    const pub65 = await freshPub65();
    const attestation = toPasskeyAttestation({
      id: B64,
      rawId: B64,
      type: 'public-key',
      response: { clientDataJSON: B64, attestationObject: B64, transports: ['internal', 'x'] },
    });
    const assertion = toPasskeyAssertion({
      id: B64,
      rawId: B64,
      type: 'public-key',
      response: { clientDataJSON: B64, authenticatorData: B64, signature: B64, userHandle: B64 },
    });
    const sides = {
      source: { sourceType: 'ACCOUNT', accountId: ada.accountId },
      destination: { destinationType: 'ACCOUNT', accountId: ada.accountId },
    } as const;
    await Promise.allSettled([
      api.addCredential({ type: 'EMAIL_OTP', accountId: ada.accountId }, call),
      api.addCredential({ type: 'SMS_OTP', accountId: ada.accountId }, call),
      api.addCredential({ type: 'OAUTH', accountId: ada.accountId, oidcToken: 'a.b.c' }, call),
      api.addCredential(
        {
          type: 'PASSKEY',
          accountId: ada.accountId,
          nickname: 'Laptop',
          challenge: B64,
          attestation,
        },
        call,
      ),
      api.challengeOtp(credential),
      api.challengePasskey(credential, pub65),
      api.verifyOtp(credential, { type: 'EMAIL_OTP', encryptedOtpBundle: B64 }, call),
      api.verifyOAuth(credential, { type: 'OAUTH', oidcToken: 'a.b.c', clientPublicKey: pub65 }),
      api.verifyPasskey(credential, `Request:${UUID}`, { type: 'PASSKEY', assertion }),
      api.refreshSession(`Session:${UUID}`, pub65, call),
      api.exportWallet(ada.accountId, pub65, call),
      api.updatePrivacy(ada.accountId, true, call),
      api.updateCustomer(ada.customerId, { email: 'ada.new@example.com' }, call),
      api.updateCustomer(ada.customerId, { phoneNumber: '+14155550100' }, call),
      api.createQuote({
        ...sides,
        lockedCurrencySide: 'SENDING',
        lockedCurrencyAmount: 100,
        description: 'Rent',
      }),
      api.executeQuote(`Quote:${UUID}`, 'key-1', call),
    ]);
    expect(refusals).toEqual([]);
    // Every call was answered, and most reached the emulator (the others stop at ownership).
    expect(answered.length).toBeGreaterThanOrEqual(16);
    const forwarded = new Set(
      harness.calls.map((seen) => `${seen.method} ${new URL(seen.url).pathname}`),
    );
    expect(forwarded.size).toBeGreaterThanOrEqual(8);
  });
});
