import { WebAuthnError } from '@simplewebauthn/browser';
import { describe, expect, it } from 'vitest';
import { WalletAuthError } from '../errors/wallet-auth-error.js';
import { identifyWebAuthnError } from './identify-webauthn-error.js';

const dom = (name: string) => new DOMException('browser message', name);
const library = (code: ConstructorParameters<typeof WebAuthnError>[0]['code'], name: string) =>
  new WebAuthnError({ message: 'library message', code, cause: dom(name) });

describe('identifyWebAuthnError (catalogue PK-12)', () => {
  it('given the prompt dismissed or timed out, should be PASSKEY_CANCELLED', () => {
    expect(identifyWebAuthnError(dom('NotAllowedError'), { ceremony: 'get' }).code).toBe(
      'PASSKEY_CANCELLED',
    );
    expect(
      identifyWebAuthnError(library('ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY', 'NotAllowedError'), {
        ceremony: 'create',
      }).code,
    ).toBe('PASSKEY_CANCELLED');
    expect(identifyWebAuthnError(dom('AbortError'), { ceremony: 'get' }).code).toBe(
      'PASSKEY_CANCELLED',
    );
  });

  it("given the kit's own abort, should be ABORTED", () => {
    expect(identifyWebAuthnError(dom('AbortError'), { ceremony: 'get', aborted: true }).code).toBe(
      'ABORTED',
    );
    expect(
      identifyWebAuthnError(library('ERROR_CEREMONY_ABORTED', 'AbortError'), {
        ceremony: 'get',
        aborted: true,
      }).code,
    ).toBe('ABORTED');
    expect(
      identifyWebAuthnError(library('ERROR_CEREMONY_ABORTED', 'AbortError'), { ceremony: 'get' })
        .code,
    ).toBe('PASSKEY_CANCELLED');
  });

  it('given an authenticator already holding an excluded passkey, should be PASSKEY_CREDENTIAL_ALREADY_EXISTS', () => {
    expect(identifyWebAuthnError(dom('InvalidStateError'), { ceremony: 'create' }).code).toBe(
      'PASSKEY_CREDENTIAL_ALREADY_EXISTS',
    );
    expect(
      identifyWebAuthnError(
        library('ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED', 'InvalidStateError'),
        {
          ceremony: 'create',
        },
      ).code,
    ).toBe('PASSKEY_CREDENTIAL_ALREADY_EXISTS');
    expect(identifyWebAuthnError(dom('InvalidStateError'), { ceremony: 'get' }).code).toBe(
      'UNKNOWN',
    );
  });

  it('given a device or algorithm that cannot do it, should be PASSKEY_UNSUPPORTED', () => {
    expect(identifyWebAuthnError(dom('NotSupportedError'), { ceremony: 'create' }).code).toBe(
      'PASSKEY_UNSUPPORTED',
    );
    expect(identifyWebAuthnError(dom('ConstraintError'), { ceremony: 'create' }).code).toBe(
      'PASSKEY_UNSUPPORTED',
    );
    expect(
      identifyWebAuthnError(
        library('ERROR_AUTHENTICATOR_MISSING_USER_VERIFICATION_SUPPORT', 'ConstraintError'),
        {
          ceremony: 'create',
        },
      ).code,
    ).toBe('PASSKEY_UNSUPPORTED');
    expect(
      identifyWebAuthnError(new Error('WebAuthn is not supported in this browser'), {
        ceremony: 'get',
      }).code,
    ).toBe('PASSKEY_UNSUPPORTED');
  });

  it('given a SecurityError (bad RP ID), should be CONFIGURATION_INVALID on a secure page', () => {
    expect(identifyWebAuthnError(dom('SecurityError'), { ceremony: 'get' }).code).toBe(
      'CONFIGURATION_INVALID',
    );
    expect(
      identifyWebAuthnError(library('ERROR_INVALID_RP_ID', 'SecurityError'), { ceremony: 'get' })
        .code,
    ).toBe('CONFIGURATION_INVALID');
  });

  it('given a SecurityError on an insecure page, should be INSECURE_CONTEXT', () => {
    const descriptor = Object.getOwnPropertyDescriptor(globalThis, 'isSecureContext');
    Object.defineProperty(globalThis, 'isSecureContext', { value: false, configurable: true });
    try {
      expect(identifyWebAuthnError(dom('SecurityError'), { ceremony: 'create' }).code).toBe(
        'INSECURE_CONTEXT',
      );
    } finally {
      if (descriptor) {
        Object.defineProperty(globalThis, 'isSecureContext', descriptor);
      } else {
        delete (globalThis as { isSecureContext?: boolean }).isSecureContext;
      }
    }
  });

  it('given anything else, should be UNKNOWN with the cause and names kept', () => {
    const cause = dom('UnknownError');
    const error = identifyWebAuthnError(cause, { ceremony: 'get' });
    expect(error).toMatchObject({
      code: 'UNKNOWN',
      cause,
      details: { ceremony: 'get', webauthnErrorName: 'UnknownError' },
    });
    expect(identifyWebAuthnError('a string', { ceremony: 'get' }).code).toBe('UNKNOWN');
    const wrapped = library('ERROR_INVALID_RP_ID', 'SecurityError');
    expect(identifyWebAuthnError(wrapped, { ceremony: 'get' }).details).toMatchObject({
      webauthnErrorCode: 'ERROR_INVALID_RP_ID',
      webauthnErrorName: 'SecurityError',
    });
  });

  it('given a WalletAuthError, should pass it through unchanged', () => {
    const original = new WalletAuthError('PROTOCOL_ERROR', 'x');
    expect(identifyWebAuthnError(original, { ceremony: 'get' })).toBe(original);
  });
});
