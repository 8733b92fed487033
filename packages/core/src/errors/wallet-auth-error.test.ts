import { describe, expect, it } from 'vitest';
import { CLIENT_ERROR_CODES, isServerErrorCode, SERVER_ERROR_CODES } from './error-codes.js';
import { isWalletAuthError, WalletAuthError } from './wallet-auth-error.js';

describe('WalletAuthError', () => {
  it('given a code and options, should keep code, cause, status, serverCode, details and reason', () => {
    const cause = new TypeError('boom');
    const error = new WalletAuthError('UNAUTHORIZED', 'Authentication failed', {
      cause,
      status: 401,
      serverCode: 'UNAUTHORIZED',
      details: { a: 1 },
      reason: 'Invalid OTP code',
    });
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('WalletAuthError');
    expect(error.code).toBe('UNAUTHORIZED');
    expect(error.cause).toBe(cause);
    expect(error.status).toBe(401);
    expect(error.serverCode).toBe('UNAUTHORIZED');
    expect(error.details).toEqual({ a: 1 });
    expect(error.reason).toBe('Invalid OTP code');
    expect(error.retryable).toBe(false);
  });

  it('given transient codes, should compute retryable from the code', () => {
    for (const code of [
      'NETWORK_ERROR',
      'TIMEOUT',
      'RATE_LIMITED',
      'PROCESSING_TIMEOUT',
    ] as const) {
      expect(new WalletAuthError(code, 'x').retryable).toBe(true);
    }
    for (const code of [
      'BUNDLE_SIGNATURE_INVALID',
      'DECRYPT_FAILED',
      'ABORTED',
      'UNKNOWN',
    ] as const) {
      expect(new WalletAuthError(code, 'x').retryable).toBe(false);
    }
  });

  it('given no cause, should not set a cause property', () => {
    expect('cause' in new WalletAuthError('UNKNOWN', 'x')).toBe(false);
  });

  it('should recognise its instances and look-alikes from another bundle copy, nothing else', () => {
    const lookAlike = Object.assign(new Error('x'), {
      name: 'WalletAuthError',
      code: 'UNKNOWN',
      retryable: false,
    });
    expect(isWalletAuthError(new WalletAuthError('UNKNOWN', 'x'))).toBe(true);
    expect(isWalletAuthError(lookAlike)).toBe(true);
    expect(isWalletAuthError(new Error('x'))).toBe(false);
    expect(isWalletAuthError({ code: 'UNKNOWN' })).toBe(false);
    expect(isWalletAuthError(undefined)).toBe(false);
  });
});

describe('error codes', () => {
  it('should keep server and client codes disjoint except RATE_LIMITED, and unique', () => {
    const all = [...SERVER_ERROR_CODES, ...CLIENT_ERROR_CODES];
    expect(new Set(all).size).toBe(all.length);
    for (const code of [
      'NETWORK_ERROR',
      'TIMEOUT',
      'ABORTED',
      'CHALLENGE_EXPIRED',
      'PROCESSING_TIMEOUT',
      'PASSKEY_UNSUPPORTED',
      'PASSKEY_CANCELLED',
      'KEY_STORE_UNAVAILABLE',
      'KEY_STORE_CORRUPT',
      'KEY_EXTRACTABLE',
      'STORAGE_QUOTA',
      'SESSION_KEY_MISSING',
      'SESSION_EXPIRED',
      'BUNDLE_MALFORMED',
      'BUNDLE_SIGNATURE_INVALID',
      'SEALED_KEY_MALFORMED',
      'DECRYPT_FAILED',
      'PAYLOAD_INTENT_MISMATCH',
      'PROTOCOL_ERROR',
      'UNKNOWN',
    ] as const) {
      expect(CLIENT_ERROR_CODES).toContain(code);
    }
    expect(SERVER_ERROR_CODES).toContain('RATE_LIMITED');
  });

  it('given docs/protocol.md §13 codes, should recognise them as server codes, and nothing else', () => {
    for (const code of [
      'INVALID_INPUT',
      'UNAUTHORIZED',
      'WALLET_SIGNATURE_MISSING',
      'WALLET_SIGNATURE_MALFORMED',
      'WALLET_SIGNATURE_BODY_MISMATCH',
      'WALLET_SIGNATURE_INVALID',
      'REQUEST_ID_MISSING',
      'PASSKEY_CREDENTIAL_ALREADY_EXISTS',
      'EMAIL_OTP_CREDENTIAL_ALREADY_EXISTS',
      'SMS_OTP_CREDENTIAL_ALREADY_EXISTS',
      'AMOUNT_OUT_OF_RANGE',
      'CONFLICT',
      'NOT_FOUND',
      'RATE_LIMITED',
      'INTERNAL_ERROR',
      'FORBIDDEN',
      'METHOD_NOT_ALLOWED',
      'UPSTREAM_ERROR',
      'UPSTREAM_TIMEOUT',
    ]) {
      expect(isServerErrorCode(code)).toBe(true);
    }
    expect(isServerErrorCode('DECRYPT_FAILED')).toBe(false);
    expect(isServerErrorCode('SOMETHING_NEW')).toBe(false);
    expect(isServerErrorCode(42)).toBe(false);
  });
});
