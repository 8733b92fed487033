/**
 * An expired payment quote reads as an expired quote to start again, not as "check what you
 * entered" (docs/protocol.md §11.6: executing after `expiresAt` is the emulator's 400 INVALID_INPUT).
 */
import { render, screen } from '@testing-library/react';
import { createTransfer, isWalletAuthError, WalletAuthError } from '@wallet-auth/core';
import { describe, expect, it } from 'vitest';
import { ErrorNotice } from '../components/notice/error-notice.js';
import { en } from '../i18n/en.js';
import { fr } from '../i18n/fr.js';
import { createKit } from '../test/kit.js';
import { describeError, identifyErrorCase } from './describe-error.js';

/** Funds the kit's wallet through the emulator's test helper and finds a destination account. */
async function fundedWallet(kit: ReturnType<typeof createKit>, amount: number) {
  await kit.fund(amount);
  const { data } = await kit.client.api.listInternalAccounts({ limit: 100 });
  const wallet = data.find((account) => account.id === kit.accountId)!;
  const destination = data.find(
    (account) =>
      account.id !== kit.accountId &&
      account.status === 'ACTIVE' &&
      account.balance.currency.code === wallet.balance.currency.code,
  );
  if (destination === undefined) {
    throw new Error('no account in the wallet currency');
  }
  return destination.id;
}

describe('an expired payment quote (docs/protocol.md §11.6)', () => {
  it('given the emulator refusing a quote executed after expiresAt, should say the quote expired and to start again (en and fr), not "check what you entered"', async () => {
    const kit = createKit();
    await kit.signIn();
    const destinationAccountId = await fundedWallet(kit, 10_000);
    const transfer = createTransfer(kit.client, {
      sourceAccountId: kit.accountId,
      destinationAccountId,
      amount: 1_000,
    });
    const error = await transfer
      .send({
        onProgress: (progress) => {
          // The service's clock passes the quote's expiresAt while the person is approving.
          if (progress.kind === 'signing') {
            kit.serverClock.offset = 301_000;
          }
        },
      })
      .then(
        () => undefined,
        (reason: unknown) => reason,
      );
    expect(isWalletAuthError(error)).toBe(true);
    expect(
      kit.requests.some((request) => /\/quotes\/Quote:[^/]+\/execute$/.test(request.url)),
    ).toBe(true);

    render(<ErrorNotice error={error} />);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain(en.errorCases.quoteExpired);
    expect(alert.textContent).not.toContain(en.actions.fixInput);
    expect(alert.getAttribute('data-error-case')).toBe('quoteExpired');
    expect(describeError(error, fr)).toMatchObject({
      errorCase: 'quoteExpired',
      message: fr.errorCases.quoteExpired,
      action: 'retry',
    });
  });

  it('given the raw refusal (an INVALID_INPUT naming quoteId as expired), should read as an expired quote too', () => {
    const refusal = new WalletAuthError('INVALID_INPUT', 'Invalid request', {
      status: 400,
      details: { errors: [{ field: 'quoteId', message: 'Quote expired; create a new one' }] },
    });
    expect(identifyErrorCase(refusal)).toBe('quoteExpired');
    expect(describeError(refusal, en).message).toBe(en.errorCases.quoteExpired);
  });

  it('given other INVALID_INPUT and CHALLENGE_EXPIRED errors, should keep their usual sentences', () => {
    const otherField = new WalletAuthError('INVALID_INPUT', 'x', {
      details: { errors: [{ field: 'amount', message: 'expired' }] },
    });
    const notExpired = new WalletAuthError('INVALID_INPUT', 'x', {
      details: { errors: [{ field: 'quoteId', message: 'Malformed id' }] },
    });
    const malformedDetails = new WalletAuthError('INVALID_INPUT', 'x', {
      details: { errors: [null, 'quoteId', { field: 'quoteId', message: 42 }] },
    });
    const signedRetryExpiry = new WalletAuthError('CHALLENGE_EXPIRED', 'x', {
      cause: new WalletAuthError('UNAUTHORIZED', 'x', { reason: 'Request-Id expired' }),
    });
    const bareExpiry = new WalletAuthError('CHALLENGE_EXPIRED', 'x');
    for (const error of [otherField, notExpired, malformedDetails]) {
      expect(identifyErrorCase(error)).toBeUndefined();
      expect(describeError(error, en)).toMatchObject({
        message: en.errors.INVALID_INPUT,
        action: 'fixInput',
      });
    }
    for (const error of [signedRetryExpiry, bareExpiry]) {
      expect(identifyErrorCase(error)).toBeUndefined();
      expect(describeError(error, en).message).toBe(en.errors.CHALLENGE_EXPIRED);
    }
  });
});
