import {
  createSoftAuthenticator,
  createTestKey,
  fromBase64url,
  openSealedSessionKey,
  type SoftAuthenticator,
  type SoftAuthenticatorOptions,
  type SoftAuthenticatorTamper,
  toBase64url,
  utf8,
} from '@wallet-auth/test-utils';
import { describe, expect, it } from 'vitest';
import { createHarness } from '../test/harness.js';

const ORIGIN = 'http://localhost:5173';

async function withPasskey(
  options: Parameters<typeof createHarness>[0] = {},
  authenticatorOptions: Partial<SoftAuthenticatorOptions> = {},
) {
  const h = createHarness(options);
  const customer = await h.createCustomer();
  const { key } = await h.signInWithOtp(customer.walletId, customer.emailCredentialId);
  const authenticator = createSoftAuthenticator({
    rpId: 'localhost',
    origin: ORIGIN,
    ...authenticatorOptions,
  });
  const register = async (
    tamper: SoftAuthenticatorTamper = {},
    using: SoftAuthenticator = authenticator,
  ) => {
    const challenge = toBase64url(crypto.getRandomValues(new Uint8Array(32)));
    const created = await using.create({
      challenge: fromBase64url(challenge),
      user: { id: utf8('user-1') },
      tamper,
    });
    const body = {
      type: 'PASSKEY',
      accountId: customer.walletId,
      nickname: " Ada's laptop (work) ",
      challenge,
      attestation: {
        credentialId: created.rawId,
        clientDataJson: created.response.clientDataJSON,
        attestationObject: created.response.attestationObject,
        transports: created.response.transports,
      },
    };
    return { body, result: await h.signedRetry('POST', '/auth/credentials', body, key) };
  };
  return { h, ...customer, key, authenticator, register };
}

async function registered(
  options: Parameters<typeof createHarness>[0] = {},
  authenticatorOptions: Partial<SoftAuthenticatorOptions> = {},
) {
  const fixture = await withPasskey(options, authenticatorOptions);
  const { result } = await fixture.register();
  expect(result.second.status).toBe(201);
  const credential = result.second.body;
  const challenge = async (clientPublicKey = createTestKey().publicKey) =>
    fixture.h.request('POST', `/auth/credentials/${credential.id}/challenge`, {
      body: { clientPublicKey },
    });
  const assert = async (challengeText: string, tamper: SoftAuthenticatorTamper = {}) => {
    const assertion = await fixture.authenticator.get({
      challenge: utf8(challengeText),
      allowCredentials: [{ type: 'public-key', id: fromBase64url(credential.credentialId) }],
      tamper,
    });
    return {
      credentialId: assertion.rawId,
      clientDataJson: assertion.response.clientDataJSON,
      authenticatorData: assertion.response.authenticatorData,
      signature: assertion.response.signature,
      ...(assertion.response.userHandle === undefined
        ? {}
        : { userHandle: assertion.response.userHandle }),
    };
  };
  const verify = (requestId: string | undefined, assertion: Record<string, unknown>) =>
    fixture.h.request('POST', `/auth/credentials/${credential.id}/verify`, {
      body: { type: 'PASSKEY', assertion },
      headers: requestId === undefined ? {} : { 'Request-Id': requestId },
    });
  const signIn = async (tamper: SoftAuthenticatorTamper = {}, clientPublicKey?: string) => {
    const issued = await challenge(clientPublicKey);
    return verify(issued.body.requestId, await assert(issued.body.challenge, tamper));
  };
  return { ...fixture, credential, challenge, assert, verify, signIn };
}

describe('PASSKEY registration (docs/protocol.md §9)', () => {
  it('given a none attestation, should answer 201 with credentialId and the trimmed nickname, and no session', async () => {
    const { result, body } = await (await withPasskey()).register();
    expect(result.first.status).toBe(202);
    expect(result.first.body.type).toBe('PASSKEY');
    const payload = JSON.parse(result.first.body.payloadToSign);
    expect(payload.type).toBe('ACTIVITY_TYPE_CREATE_AUTHENTICATORS_V2');
    expect(payload.parameters.authenticators[0].attestation.credentialId).toBe(
      body.attestation.credentialId,
    );
    expect(result.second.body).toMatchObject({
      type: 'PASSKEY',
      nickname: "Ada's laptop (work)",
      credentialId: body.attestation.credentialId,
    });
  });

  it('given packed self attestation, packed with an x5c leaf, and an RS256 key, should register each', async () => {
    for (const options of [
      { attestation: 'packed' as const },
      { attestation: 'packed-x5c' as const },
      { algorithm: -257 as const },
    ]) {
      const { result } = await (await withPasskey({}, options)).register();
      expect(result.second.status).toBe(201);
    }
  });

  it('PK-11: given a credential id over 1023 bytes, should answer 401; an unsupported alg 401; a duplicate 400 PASSKEY_CREDENTIAL_ALREADY_EXISTS', async () => {
    const fixture = await withPasskey();
    const long = await fixture.register({
      attestedCredentialId: new Uint8Array(1024).fill(7),
      credentialId: new Uint8Array(1024).fill(7),
    });
    expect(long.result.first.body).toMatchObject({
      code: 'UNAUTHORIZED',
      reason: 'Credential id too long',
    });
    const alg = await fixture.register({ coseAlgorithm: -8 });
    expect(alg.result.first.body.reason).toBe(
      'Unsupported credential algorithm (ES256 or RS256 required)',
    );
    const { body, result } = await fixture.register();
    expect(result.second.status).toBe(201);
    const again = await fixture.h.signedRetry('POST', '/auth/credentials', body, fixture.key);
    expect(again.first.status).toBe(400);
    expect(again.first.body.code).toBe('PASSKEY_CREDENTIAL_ALREADY_EXISTS');
  });

  it('given a wrong type, challenge, origin, RP ID, UP clear or a rawId not the attested id, should answer 401 with the reason', async () => {
    const fixture = await withPasskey();
    const cases: [SoftAuthenticatorTamper, string][] = [
      [{ type: 'webauthn.get' }, 'Unexpected clientDataJSON type'],
      [{ challenge: 'other' }, 'Passkey challenge mismatch'],
      [{ origin: 'https://evil.example' }, 'Origin not allowed'],
      [{ rpId: 'example.com' }, 'RP ID mismatch'],
      [{ flags: { up: false } }, 'User presence flag not set'],
      [
        { credentialId: new Uint8Array(32).fill(1) },
        'Credential id does not match the attested credential',
      ],
    ];
    for (const [tamper, reason] of cases) {
      const { result } = await fixture.register(tamper);
      expect(result.first.status).toBe(401);
      expect(result.first.body.reason).toBe(reason);
    }
  });

  it('PK-15: given clientDataJSON that is not JSON or an undecodable attestationObject, should answer 400 INVALID_INPUT on registration', async () => {
    const { h, walletId } = await withPasskey();
    const base = { type: 'PASSKEY', accountId: walletId, nickname: 'Key', challenge: 'abc' };
    for (const attestation of [
      {
        credentialId: 'AAAA',
        clientDataJson: toBase64url(utf8('not json')),
        attestationObject: 'oA',
      },
      {
        credentialId: 'AAAA',
        clientDataJson: toBase64url(utf8('{}')),
        attestationObject: toBase64url(Uint8Array.of(0xff)),
      },
      {
        credentialId: 'AAAA',
        clientDataJson: toBase64url(Uint8Array.of(0xc3, 0x28)),
        attestationObject: 'oA',
      },
    ]) {
      const response = await h.request('POST', '/auth/credentials', {
        body: { ...base, attestation },
      });
      expect(response.status).toBe(400);
      expect(response.body.code).toBe('INVALID_INPUT');
    }
  });

  it('given an invalid nickname, transports or missing members, should list every invalid field', async () => {
    const { h, walletId } = await withPasskey();
    const response = await h.request('POST', '/auth/credentials', {
      body: {
        type: 'PASSKEY',
        accountId: walletId,
        nickname: '<script>',
        challenge: 'a b',
        attestation: { credentialId: '***', transports: ['carrier-pigeon'] },
      },
    });
    expect(response.status).toBe(400);
    const fields = response.body.details.errors.map((e: { field: string }) => e.field).sort();
    expect(fields).toEqual([
      'attestation.attestationObject',
      'attestation.clientDataJson',
      'attestation.credentialId',
      'attestation.transports',
      'challenge',
      'nickname',
    ]);
  });
});

describe('PASSKEY sign-in (docs/protocol.md §9, §15)', () => {
  it('given a pub65 key, should answer 200 with a sealed key the session authorises; the challenge is hex SHA-256', async () => {
    const fixture = await registered();
    const client = createTestKey();
    const issued = await fixture.challenge(client.publicKey);
    expect(issued.status).toBe(200);
    expect(issued.body).toMatchObject({
      id: fixture.credential.id,
      type: 'PASSKEY',
      credentialId: fixture.credential.credentialId,
    });
    expect(issued.body.challenge).toMatch(/^[0-9a-f]{64}$/);
    expect(issued.body.requestId).toMatch(/^Request:/);
    const response = await fixture.verify(
      issued.body.requestId,
      await fixture.assert(issued.body.challenge),
    );
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ type: 'PASSKEY', nickname: "Ada's laptop (work)" });
    const scalar = await openSealedSessionKey(
      response.body.encryptedSessionSigningKey,
      client.privateKey,
    );
    const { second } = await fixture.h.signedRetry(
      'PATCH',
      `/internal-accounts/${fixture.walletId}`,
      { privateEnabled: true },
      createTestKey(Buffer.from(scalar).toString('hex')),
    );
    expect(second.status).toBe(200);
  });

  it('given a pub33 key, should answer 200 without a sealed key and authorise the client key', async () => {
    const fixture = await registered();
    const client = createTestKey();
    const response = await fixture.signIn({}, client.compressedPublicKey);
    expect(response.status).toBe(200);
    expect(response.body).not.toHaveProperty('encryptedSessionSigningKey');
    expect(
      (
        await fixture.h.signedRetry(
          'PATCH',
          `/internal-accounts/${fixture.walletId}`,
          { privateEnabled: true },
          client,
        )
      ).second.status,
    ).toBe(200);
  });

  it('given a high-S assertion signature, an RS256 key or a BOM before clientDataJSON, should accept it', async () => {
    expect((await (await registered()).signIn({ highS: true })).status).toBe(200);
    expect((await (await registered()).signIn({ bom: true })).status).toBe(200);
    expect((await (await registered({}, { algorithm: -257 })).signIn()).status).toBe(200);
  });

  it('PK-01: given an assertion over an older challenge, should answer 401 (a newer challenge voids the older)', async () => {
    const fixture = await registered();
    const first = await fixture.challenge();
    const second = await fixture.challenge();
    const stale = await fixture.verify(
      first.body.requestId,
      await fixture.assert(first.body.challenge),
    );
    expect(stale.status).toBe(401);
    expect(stale.body.reason).toBe('Request-Id unknown');
    const mixed = await fixture.verify(
      second.body.requestId,
      await fixture.assert(first.body.challenge),
    );
    expect(mixed.body.reason).toBe('Passkey challenge mismatch');
  });

  it('PK-02: given http vs https, another port, a sibling subdomain or an origin outside webauthn.origins, should answer 401 Origin not allowed', async () => {
    const fixture = await registered({ webauthn: { rpId: 'localhost', origins: [ORIGIN] } });
    for (const origin of [
      'https://localhost:5173',
      'http://localhost:5174',
      'http://app.localhost:5173',
      'https://evil.example',
    ]) {
      const response = await fixture.signIn({ origin });
      expect(response.status).toBe(401);
      expect(response.body.reason).toBe('Origin not allowed');
    }
  });

  it('PK-03, PK-04, PK-05, PK-07, PK-14: given a foreign rpIdHash, UP clear, UV clear under requireUserVerification, webauthn.create, BS without BE, crossOrigin or topOrigin, should answer 401 with the reason', async () => {
    const fixture = await registered({
      requireUserVerification: true,
      rateLimits: { verifyFailuresBeforeLock: 0, challengesPerWindow: 0 },
    });
    const cases: [SoftAuthenticatorTamper, string][] = [
      [{ rpId: 'example.com' }, 'RP ID mismatch'],
      [{ flags: { up: false } }, 'User presence flag not set'],
      [{ flags: { uv: false } }, 'User verification flag not set'],
      [{ type: 'webauthn.create' }, 'Unexpected clientDataJSON type'],
      [{ flags: { bs: true, be: false } }, 'Backup state set without backup eligibility'],
      [{ crossOrigin: true }, 'Cross-origin assertions are not allowed'],
      [{ topOrigin: 'https://evil.example' }, 'Cross-origin assertions are not allowed'],
    ];
    for (const [tamper, reason] of cases) {
      const response = await fixture.signIn(tamper);
      expect(response.status).toBe(401);
      expect(response.body).toMatchObject({ code: 'UNAUTHORIZED', reason });
    }
  });

  it('PK-06: given a counter equal to or below the stored one, should answer 401; both zero is accepted', async () => {
    const fixture = await registered({
      rateLimits: { verifyFailuresBeforeLock: 0, challengesPerWindow: 0 },
    });
    expect((await fixture.signIn({ signCount: 10 })).status).toBe(200);
    expect((await fixture.signIn({ signCount: 10 })).body.reason).toBe(
      'Signature counter did not increase',
    );
    expect((await fixture.signIn({ signCount: 3 })).body.reason).toBe(
      'Signature counter did not increase',
    );
    expect((await fixture.signIn({ signCount: 11 })).status).toBe(200);
    const synced = await registered({}, { counterStep: 0 });
    expect((await synced.signIn()).status).toBe(200);
    expect((await synced.signIn()).status).toBe(200);
  });

  it('PK-08: given an assertion for another credential id, or a Request-Id issued for another credential, should answer 401', async () => {
    const fixture = await registered();
    const issued = await fixture.challenge();
    const wrongId = await fixture.verify(issued.body.requestId, {
      ...(await fixture.assert(issued.body.challenge)),
      credentialId: toBase64url(new Uint8Array(32)),
    });
    expect(wrongId.body.reason).toBe('Credential id does not match the challenged credential');
    const other = await fixture.register();
    const otherCredential = other.result.second.body;
    const foreign = await fixture.h.request(
      'POST',
      `/auth/credentials/${otherCredential.id}/challenge`,
      { body: { clientPublicKey: createTestKey().publicKey } },
    );
    const response = await fixture.verify(
      foreign.body.requestId,
      await fixture.assert(foreign.body.challenge),
    );
    expect(response.body.reason).toBe('Request-Id does not match this request');
  });

  it('PK-09: given Request-Id missing, expired or already consumed, should answer 401', async () => {
    const fixture = await registered();
    const issued = await fixture.challenge();
    const assertion = await fixture.assert(issued.body.challenge);
    const missing = await fixture.verify(undefined, assertion);
    expect(missing.body.code).toBe('REQUEST_ID_MISSING');
    expect((await fixture.verify(issued.body.requestId, assertion)).status).toBe(200);
    expect(
      (await fixture.verify(issued.body.requestId, await fixture.assert(issued.body.challenge)))
        .body.reason,
    ).toBe('Request-Id already used');
    const late = await fixture.challenge();
    fixture.h.clock.advance(300_000);
    expect(
      (await fixture.verify(late.body.requestId, await fixture.assert(late.body.challenge))).body
        .reason,
    ).toBe('Request-Id expired');
  });

  it('PK-10: given a client that hex-decodes the challenge, should answer 401 Passkey challenge mismatch', async () => {
    const fixture = await registered();
    const issued = await fixture.challenge();
    const hexDecoded = Buffer.from(issued.body.challenge, 'hex');
    const assertion = await fixture.authenticator.get({
      challenge: hexDecoded,
      allowCredentials: [
        { type: 'public-key', id: fromBase64url(fixture.credential.credentialId) },
      ],
    });
    const response = await fixture.verify(issued.body.requestId, {
      credentialId: assertion.rawId,
      clientDataJson: assertion.response.clientDataJSON,
      authenticatorData: assertion.response.authenticatorData,
      signature: assertion.response.signature,
    });
    expect(response.body.reason).toBe('Passkey challenge mismatch');
  });

  it('PK-15/PK-16: given clientDataJSON not JSON, a tampered signed field or signature, should answer 401 and consume the Request-Id', async () => {
    const fixture = await registered({
      rateLimits: { verifyFailuresBeforeLock: 0, challengesPerWindow: 0 },
    });
    const mutations: [(a: Record<string, string>) => Record<string, string>, string][] = [
      [(a) => ({ ...a, clientDataJson: toBase64url(utf8('nope')) }), 'Invalid clientDataJSON'],
      [
        (a) => ({ ...a, clientDataJson: toBase64url(Uint8Array.of(0xc3, 0x28)) }),
        'Invalid clientDataJSON',
      ],
      [
        (a) => ({
          ...a,
          authenticatorData: toBase64url(flipLast(fromBase64url(a.authenticatorData!))),
        }),
        'Invalid passkey signature',
      ],
      [
        (a) => ({
          ...a,
          authenticatorData: toBase64url(fromBase64url(a.authenticatorData!).slice(0, 20)),
        }),
        'Invalid authenticatorData',
      ],
      [
        (a) => ({ ...a, signature: toBase64url(flipLast(fromBase64url(a.signature!))) }),
        'Invalid passkey signature',
      ],
      [
        (a) => ({ ...a, signature: 'sandbox-valid-passkey-signature' }),
        'Invalid passkey signature',
      ],
    ];
    for (const [mutate, reason] of mutations) {
      const issued = await fixture.challenge();
      const assertion = mutate(
        (await fixture.assert(issued.body.challenge)) as Record<string, string>,
      );
      const response = await fixture.verify(issued.body.requestId, assertion);
      expect(response.status).toBe(401);
      expect(response.body.reason).toBe(reason);
      const retry = await fixture.verify(
        issued.body.requestId,
        await fixture.assert(issued.body.challenge),
      );
      expect(retry.body.reason).toBe('Request-Id already used');
    }
  });

  it('EMU-03: given the legacy passkey constant with legacy values on, should sign in without WebAuthn checks; Request-Id still required', async () => {
    const fixture = await registered({ acceptLegacyMagicValues: true });
    const issued = await fixture.challenge();
    const legacy = {
      credentialId: 'AA',
      clientDataJson: 'AA',
      authenticatorData: 'AA',
      signature: 'sandbox-valid-passkey-signature',
    };
    expect((await fixture.verify(undefined, legacy)).body.code).toBe('REQUEST_ID_MISSING');
    expect((await fixture.verify(issued.body.requestId, legacy)).status).toBe(200);
    expect((await fixture.verify(issued.body.requestId, legacy)).body.reason).toBe(
      'Request-Id already used',
    );
  });

  it('given a challenge without clientPublicKey or with an off-curve key, should answer 400; rate limited after five with Retry-After', async () => {
    const fixture = await registered();
    expect(
      (
        await fixture.h.request('POST', `/auth/credentials/${fixture.credential.id}/challenge`, {
          body: {},
        })
      ).status,
    ).toBe(400);
    expect((await fixture.challenge(`04${'11'.repeat(64)}`)).status).toBe(400);
    for (let i = 0; i < 5; i++) {
      expect((await fixture.challenge()).status).toBe(200);
    }
    const limited = await fixture.challenge();
    expect(limited.status).toBe(429);
    expect(limited.headers.get('Retry-After')).toBe('600');
    fixture.h.clock.advance(600_000);
    expect((await fixture.challenge()).status).toBe(200);
  });

  it('given processing 1 on verify, should answer PROCESSING then the session to the identical resend, with one session only', async () => {
    const fixture = await registered({ processing: { 'POST /auth/credentials/{id}/verify': 1 } });
    const issued = await fixture.challenge();
    const assertion = await fixture.assert(issued.body.challenge);
    expect((await fixture.verify(issued.body.requestId, assertion)).body.status).toBe('PROCESSING');
    const changed = await fixture.verify(issued.body.requestId, {
      ...assertion,
      userHandle: 'AAAA',
    });
    expect(changed.body.code).toBe('WALLET_SIGNATURE_BODY_MISMATCH');
    expect((await fixture.verify(issued.body.requestId, assertion)).body.type).toBe('PASSKEY');
    const sessions = await fixture.h.request('GET', `/auth/sessions?accountId=${fixture.walletId}`);
    expect(sessions.body.data.filter((s: { type: string }) => s.type === 'PASSKEY')).toHaveLength(
      1,
    );
  });
});

function flipLast(bytes: Uint8Array): Uint8Array {
  const copy = bytes.slice();
  copy[copy.length - 1]! ^= 0x01;
  return copy;
}
