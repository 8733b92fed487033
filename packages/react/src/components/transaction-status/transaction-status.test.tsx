/**
 * A transaction's state after a transfer executes (issue 22: the React package shows it), read
 * from `GET /transactions/{transactionId}` as the emulator serves it.
 */
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { executeTransfer } from '@wallet-auth/core';
import { afterEach, describe, expect, it } from 'vitest';
import { en } from '../../i18n/en.js';
import { formatAmount, formatDateTime } from '../../i18n/format.js';
import { fr } from '../../i18n/fr.js';
import { expectNoAxeViolations } from '../../test/axe.js';
import { createKit } from '../../test/kit.js';
import { TransactionStatus } from './transaction-status.js';

afterEach(cleanup);

/** Pays 1.50 USDC from the kit's wallet to the customer's USD account; the transaction id. */
async function cashOut(kit: ReturnType<typeof createKit>): Promise<string> {
  await kit.signIn();
  await kit.fund(10_000_000);
  const { data } = await kit.client.api.listInternalAccounts({ customerId: kit.customerId });
  const usd = data.find((account) => account.type === 'INTERNAL_FIAT')!;
  const quote = await executeTransfer(kit.client, {
    sourceAccountId: kit.accountId,
    destinationAccountId: usd.id,
    amount: 1_500_000,
  });
  return quote.transactionId!;
}

describe('TransactionStatus', () => {
  it('given an executed cross-currency transfer, should show it completed with both amounts and when it settled, passing axe', async () => {
    const kit = createKit();
    const transactionId = await cashOut(kit);
    const { container } = render(kit.wrapper(<TransactionStatus transactionId={transactionId} />));
    const status = await screen.findByText(en.wallet.transaction.status.COMPLETED);
    const root = status.closest('[data-transaction-status]')!;
    expect(root.getAttribute('data-state')).toBe('COMPLETED');
    expect(root.querySelector('[data-transaction-amounts]')?.textContent).toBe(
      en.wallet.transaction.amounts('1.50 USDC', '$1.50'),
    );
    const { settledAt } = await kit.client.api.getTransaction(transactionId);
    expect(root.querySelector('[data-transaction-settled]')?.textContent).toBe(
      en.wallet.transaction.settled(formatDateTime(settledAt!, 'en')),
    );
    await expectNoAxeViolations(container);
  });

  it('given French, should say it in French with French amounts', async () => {
    const kit = createKit();
    const transactionId = await cashOut(kit);
    render(kit.wrapper(<TransactionStatus transactionId={transactionId} />, fr));
    await screen.findByText(fr.wallet.transaction.status.COMPLETED);
    const { sentAmount, receivedAmount } = await kit.client.api.getTransaction(transactionId);
    const text = document.querySelector('[data-transaction-amounts]')?.textContent;
    expect(text).toBe(
      fr.wallet.transaction.amounts(
        formatAmount(sentAmount, 'fr'),
        formatAmount(receivedAmount, 'fr'),
      ),
    );
    // French decimals, and the euro-area layout of the dollar amount.
    expect(text).toMatch(/^1,50\sUSDC envoyés, 1,50\s\$/);
  });

  it('given no transaction id yet, should render nothing and read nothing', async () => {
    const kit = createKit();
    await kit.signIn();
    const before = kit.requests.length;
    const { container } = render(kit.wrapper(<TransactionStatus transactionId={undefined} />));
    expect(container.innerHTML).toBe('');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(kit.requests.length).toBe(before);
  });

  it('given an id the service does not know, should explain it with no step to take', async () => {
    const kit = createKit();
    await kit.signIn();
    render(
      kit.wrapper(
        <TransactionStatus transactionId="Transaction:6ba7b810-9dad-41d1-80b4-00c04fd430c8" />,
      ),
    );
    const alert = await screen.findByRole('alert');
    expect(alert.getAttribute('data-error-code')).toBe('NOT_FOUND');
    expect(alert.textContent).toBe(en.errors.NOT_FOUND);
    expect(alert.querySelector('button')).toBeNull();
  });

  it('given the network down, should offer a real button that reads it again once back', async () => {
    const user = userEvent.setup();
    const kit = createKit();
    const transactionId = await cashOut(kit);
    kit.network.offline = true;
    render(kit.wrapper(<TransactionStatus transactionId={transactionId} />));
    const retry = await screen.findByRole('button', { name: en.actions.checkConnection });
    kit.network.offline = false;
    await user.click(retry);
    await screen.findByText(en.wallet.transaction.status.COMPLETED);
  });

  it('given a transaction still PROCESSING, should read it again until it settles', async () => {
    const kit = createKit();
    const transactionId = await cashOut(kit);
    const record = kit.sandbox.state.transactions.get(transactionId)!;
    const settled = record.status;
    (record as { status: string }).status = 'PROCESSING';
    render(
      kit.wrapper(<TransactionStatus transactionId={transactionId} pollWhileUnsettledMs={20} />),
    );
    await screen.findByText(en.wallet.transaction.status.PROCESSING);
    act(() => {
      (record as { status: string }).status = settled;
    });
    await waitFor(() =>
      expect(screen.getByText(en.wallet.transaction.status.COMPLETED)).toBeTruthy(),
    );
  });
});
