import { CLIENT_ERROR_CODES, SERVER_ERROR_CODES, WalletAuthError } from '@wallet-auth/core';
import { describe, expect, it } from 'vitest';
import { en } from '../i18n/en.js';
import { fr } from '../i18n/fr.js';
import { describeError, ERROR_NEXT_ACTIONS } from './describe-error.js';

describe('describeError', () => {
  it('UI-10: given each core error code, should give a message and a labelled next action', () => {
    for (const code of [...SERVER_ERROR_CODES, ...CLIENT_ERROR_CODES]) {
      const description = describeError(new WalletAuthError(code, 'internal text'), en);
      expect(description.code).toBe(code);
      expect(description.message).toBe(en.errors[code]);
      expect(description.action).toBe(ERROR_NEXT_ACTIONS[code]);
      expect(description.actionLabel).toBe(en.actions[description.action]);
      // The developer message never reaches the person.
      expect(description.message).not.toContain('internal text');
    }
  });

  it('given a 429 with Retry-After, should carry the wait and advise waiting', () => {
    const error = new WalletAuthError('RATE_LIMITED', 'Too many', {
      status: 429,
      details: { retryAfterSeconds: 42 },
    });
    expect(describeError(error, fr)).toMatchObject({
      action: 'wait',
      retryAfterSeconds: 42,
      message: fr.errors.RATE_LIMITED,
      actionLabel: fr.actions.wait,
    });
  });

  it('UI-01: given a server reason with markup, should pass it through as data to be rendered as text', () => {
    const error = new WalletAuthError('UNAUTHORIZED', 'Authentication failed', {
      reason: '<img src=x onerror=alert(1)>',
    });
    expect(describeError(error, en).reason).toBe('<img src=x onerror=alert(1)>');
  });

  it('given something that is not a WalletAuthError, should describe it as UNKNOWN without its text', () => {
    const description = describeError(new TypeError('secret 04abcdef'), en);
    expect(description).toMatchObject({
      code: 'UNKNOWN',
      message: en.errors.UNKNOWN,
      reason: undefined,
    });
  });

  it('given an error-shaped value with a code the kit does not know, should fall back to UNKNOWN', () => {
    const foreign = Object.assign(new Error('x'), {
      name: 'WalletAuthError',
      code: 'SOMETHING_NEW',
      retryable: false,
    });
    expect(describeError(foreign, en).code).toBe('UNKNOWN');
  });

  it('given the reference proxy refusals, should name each with its own sentence and next action in English and French', () => {
    const expected = {
      FORBIDDEN: 'signIn',
      METHOD_NOT_ALLOWED: 'contactSupport',
      UPSTREAM_ERROR: 'retry',
      UPSTREAM_TIMEOUT: 'retry',
    } as const;
    for (const [code, action] of Object.entries(expected) as [keyof typeof expected, string][]) {
      const error = new WalletAuthError(code, 'proxy text', { status: 502, serverCode: code });
      for (const messages of [en, fr]) {
        const description = describeError(error, messages);
        expect(description).toMatchObject({ code, action, message: messages.errors[code] });
        expect(description.message).not.toBe(messages.errors.UNKNOWN);
      }
    }
    expect(en.errors.UPSTREAM_TIMEOUT).not.toBe(en.errors.UPSTREAM_ERROR);
  });
});
