import { describe, expect, it } from 'vitest';
import { base64UrlToBytes, bytesToBase64Url } from '../encoding/base64url.js';
import { bytesToUtf8, utf8ToBytes } from '../encoding/utf8.js';
import {
  buildPasskeyCreationOptions,
  createPasskeyAttestation,
  toPasskeyAttestation,
} from './create-passkey-attestation.js';
import {
  buildPasskeyRequestOptions,
  getPasskeyAssertion,
  toPasskeyAssertion,
} from './get-passkey-assertion.js';
import type {
  AuthenticationResponseJSON,
  RegistrationResponseJSON,
  WebAuthnPort,
} from './webauthn-port.js';

const HEX = '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08';
const ACCOUNT = 'InternalAccount:0f8fad5b-d9cb-469f-a165-70867728950e';

describe('passkey sign-in options (docs/protocol.md §9)', () => {
  it('PK-10: given the hex challenge, should pass its 64 ASCII bytes, never its hex decoding', () => {
    const options = buildPasskeyRequestOptions({ challenge: HEX, webauthnCredentialId: 'AQID' });
    const bytes = base64UrlToBytes(options.challenge);
    expect(bytes).toHaveLength(64);
    expect(bytesToUtf8(bytes)).toBe(HEX);
    // clientDataJSON.challenge is then b64url of those bytes: 86 characters.
    expect(options.challenge).toHaveLength(86);
    expect(options).toMatchObject({
      userVerification: 'required',
      allowCredentials: [{ type: 'public-key', id: 'AQID' }],
    });
  });

  it('given no credential id, an RP ID and a timeout, should allow any credential and bound the timeout', () => {
    const options = buildPasskeyRequestOptions({
      challenge: HEX,
      rpId: 'example.com',
      timeoutMs: 12.7,
    });
    expect(options.allowCredentials).toEqual([]);
    expect(options).toMatchObject({ rpId: 'example.com', timeout: 1000 });
  });

  it('given a challenge that is not 64 lowercase hex characters, should fail PROTOCOL_ERROR', () => {
    expect(() => buildPasskeyRequestOptions({ challenge: HEX.toUpperCase() })).toThrow(
      expect.objectContaining({ code: 'PROTOCOL_ERROR' }),
    );
  });

  it('given a get() answer, should map it to the wire assertion (userHandle only when present)', () => {
    const response: AuthenticationResponseJSON = {
      id: 'AQID',
      rawId: 'AQID',
      type: 'public-key',
      response: {
        clientDataJSON: 'e30',
        authenticatorData: 'AAAA',
        signature: 'MEUC',
        userHandle: null,
      },
    };
    expect(toPasskeyAssertion(response)).toEqual({
      credentialId: 'AQID',
      clientDataJson: 'e30',
      authenticatorData: 'AAAA',
      signature: 'MEUC',
    });
    expect(
      toPasskeyAssertion({
        ...response,
        response: { ...response.response, userHandle: 'dXNlcg==' },
      }).userHandle,
    ).toBe('dXNlcg');
    expect(() => toPasskeyAssertion({ ...response, rawId: 'a+b/' })).toThrow(
      expect.objectContaining({ code: 'PROTOCOL_ERROR' }),
    );
    expect(() =>
      toPasskeyAssertion({ ...response, response: { ...response.response, signature: '' } }),
    ).toThrow(expect.objectContaining({ code: 'PROTOCOL_ERROR' }));
  });

  it('given a port that rejects, should translate the rejection through the error edge', async () => {
    const port: WebAuthnPort = {
      isSupported: async () => true,
      create: () => Promise.reject(new Error('unused')),
      get: () => Promise.reject(new DOMException('no', 'NotAllowedError')),
    };
    await expect(getPasskeyAssertion(port, { challenge: HEX })).rejects.toMatchObject({
      code: 'PASSKEY_CANCELLED',
    });
  });
});

describe('passkey registration options (docs/protocol.md §9)', () => {
  const challenge = bytesToBase64Url(new Uint8Array(32).fill(7));

  it('given the plan, should offer −7 then −257, attestation none, UV required, the exclusions and the user', () => {
    const options = buildPasskeyCreationOptions({
      challenge,
      rp: { id: 'localhost', name: 'Wallet' },
      user: { name: 'ada@example.com', displayName: 'Ada' },
      accountId: ACCOUNT,
      excludeCredentialIds: ['AQID'],
    });
    expect(options).toEqual({
      rp: { id: 'localhost', name: 'Wallet' },
      user: {
        id: bytesToBase64Url(utf8ToBytes(ACCOUNT)),
        name: 'ada@example.com',
        displayName: 'Ada',
      },
      challenge,
      pubKeyCredParams: [
        { type: 'public-key', alg: -7 },
        { type: 'public-key', alg: -257 },
      ],
      excludeCredentials: [{ type: 'public-key', id: 'AQID' }],
      authenticatorSelection: { residentKey: 'preferred', userVerification: 'required' },
      attestation: 'none',
    });
  });

  it('given a user handle over 64 bytes, should fail CONFIGURATION_INVALID', () => {
    expect(() =>
      buildPasskeyCreationOptions({
        challenge,
        rp: { name: 'Wallet' },
        user: { id: bytesToBase64Url(new Uint8Array(65)), name: 'a', displayName: 'a' },
        accountId: ACCOUNT,
        excludeCredentialIds: [],
      }),
    ).toThrow(expect.objectContaining({ code: 'CONFIGURATION_INVALID' }));
  });

  it('given a create() answer, should keep only the five known transports', () => {
    const response: RegistrationResponseJSON = {
      id: 'AQID',
      rawId: 'AQID',
      type: 'public-key',
      response: {
        clientDataJSON: 'e30',
        attestationObject: 'o2Nm',
        transports: ['smart-card', 'hybrid', 'internal'],
      },
    };
    expect(toPasskeyAttestation(response)).toEqual({
      credentialId: 'AQID',
      clientDataJson: 'e30',
      attestationObject: 'o2Nm',
      transports: ['internal', 'hybrid'],
    });
    const { transports: _, ...withoutTransports } = response.response;
    expect(toPasskeyAttestation({ ...response, response: withoutTransports }).transports).toEqual(
      [],
    );
  });

  it('given a port that rejects InvalidStateError, should fail PASSKEY_CREDENTIAL_ALREADY_EXISTS', async () => {
    const port: WebAuthnPort = {
      isSupported: async () => true,
      create: () => Promise.reject(new DOMException('known', 'InvalidStateError')),
      get: () => Promise.reject(new Error('unused')),
    };
    await expect(
      createPasskeyAttestation(port, {
        challenge,
        rp: { name: 'Wallet' },
        user: { name: 'a', displayName: 'a' },
        accountId: ACCOUNT,
        excludeCredentialIds: [],
      }),
    ).rejects.toMatchObject({ code: 'PASSKEY_CREDENTIAL_ALREADY_EXISTS' });
  });
});
