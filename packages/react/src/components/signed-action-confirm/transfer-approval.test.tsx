/**
 * A payment approval says exactly what the signature authorises (issue 21, defect 1; catalogue
 * UI-21) and what can be checked is checked before it is asked for (defect 2; UI-22): the figures
 * come from the quote the payload belongs to, never from the page's form.
 */
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { executeTransfer, type Quote } from '@wallet-auth/core';
import { useRef, useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { en } from '../../i18n/en.js';
import { fr } from '../../i18n/fr.js';
import { useSignedAction } from '../../signed-action/use-signed-action.js';
import { expectNoAxeViolations } from '../../test/axe.js';
import { createKit } from '../../test/kit.js';
import { ErrorNotice } from '../notice/error-notice.js';
import { SignedActionConfirm } from './signed-action-confirm.js';

afterEach(cleanup);

/** The customer's INTERNAL_FIAT (USD) account and another USDC account (the platform's). */
async function destinations(kit: ReturnType<typeof createKit>) {
  const { data } = await kit.client.api.listInternalAccounts({ limit: 100 });
  const usd = data.find(
    (account) => account.customerId === kit.customerId && account.type === 'INTERNAL_FIAT',
  );
  const shop = data.find(
    (account) =>
      account.id !== kit.accountId &&
      account.customerId === undefined &&
      account.balance.currency.code === 'USDC',
  );
  if (usd === undefined || shop === undefined) {
    throw new Error('the emulator has no USD account or platform USDC account');
  }
  return { usd: usd.id, shop: shop.id };
}

/** A payment form: the amount typed (USDC), a destination, the approval, progress and errors. */
function Payment({
  accountId,
  destinationAccountId,
  destinationName,
}: {
  accountId: string;
  destinationAccountId: string;
  destinationName?: string;
}) {
  const [amount, setAmount] = useState('1.5');
  const [result, setResult] = useState<Quote | undefined>(undefined);
  const payment = useSignedAction({
    action: (units: number, { client, signal, onProgress }) =>
      executeTransfer(
        client,
        {
          sourceAccountId: accountId,
          destinationAccountId,
          amount: units,
          ...(destinationName === undefined ? {} : { destinationName }),
        },
        { signal, onProgress },
      ),
    onSuccess: setResult,
  });
  // Every progress kind shown, in order (consecutive repeats once).
  const history = useRef<string[]>([]);
  const kind = payment.progress?.kind;
  if (kind !== undefined && history.current.at(-1) !== kind) {
    history.current.push(kind);
  }
  return (
    <>
      <label>
        Amount
        <input value={amount} onChange={(event) => setAmount(event.target.value)} />
      </label>
      <button type="button" onClick={() => payment.mutate(Math.round(Number(amount) * 1e6))}>
        Pay
      </button>
      <p data-testid="progress">{payment.progress?.kind ?? payment.status}</p>
      <p data-testid="history">{history.current.join(' ')}</p>
      <SignedActionConfirm.Root confirmation={payment.confirmation} />
      {result ? <p>done {result.status}</p> : null}
      {payment.error ? <ErrorNotice error={payment.error} /> : null}
    </>
  );
}

describe('the payment approval', () => {
  it("UI-21: given a cross-currency quote to the customer's USD account, should show both amounts, the rate, the fees, the destination and the quote's expiry, and say 'signing' only after Approve", async () => {
    const user = userEvent.setup();
    const kit = createKit();
    await kit.signIn();
    await kit.fund(10_000_000);
    const { usd } = await destinations(kit);
    const { container } = render(
      kit.wrapper(<Payment accountId={kit.accountId} destinationAccountId={usd} />),
    );
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    const approval = await screen.findByRole('region', { name: en.confirm.title });
    expect(approval.getAttribute('data-action')).toBe('transfer');
    const fact = (name: string) => approval.querySelector(`[data-transfer-fact="${name}"] dd`);
    expect(fact('send')?.textContent).toBe('1.50 USDC');
    expect(fact('receive')?.textContent).toBe('$1.50');
    expect(fact('rate')?.textContent).toBe('1 USDC = 1 USD');
    expect(fact('fees')?.textContent).toBe('0.00 USDC');
    expect(fact('to')?.textContent).toBe(en.confirm.transfer.ownAccount('USD'));
    expect(approval?.textContent).toContain(en.confirm.expiresIn('5 minutes'));
    expect(screen.getByTestId('progress').textContent).toBe('awaitingApproval');
    await expectNoAxeViolations(container);

    await user.click(within(approval).getByRole('button', { name: en.confirm.approve }));
    await screen.findByText('done COMPLETED');
    // "Signing" appears only after Approve (issue 21, defect 1).
    expect(screen.getByTestId('history').textContent).toMatch(
      /^(sending )?awaitingApproval signing\b/,
    );
    const usdAccount = kit.sandbox.state.accounts.get(usd);
    expect(usdAccount?.balance).toBe(150);
  });

  it('UI-21: given the page changing its amount after the quote was made, should keep showing (and sign) the quote’s amount', async () => {
    const user = userEvent.setup();
    const kit = createKit();
    await kit.signIn();
    await kit.fund(10_000_000);
    const { shop } = await destinations(kit);
    render(
      kit.wrapper(
        <Payment
          accountId={kit.accountId}
          destinationAccountId={shop}
          destinationName="Demo shop"
        />,
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    const approval = await screen.findByRole('region', { name: en.confirm.title });
    await user.clear(screen.getByLabelText('Amount'));
    await user.type(screen.getByLabelText('Amount'), '9');
    const facts = approval.querySelector('[data-transfer]');
    expect(facts?.textContent).toContain('1.50 USDC');
    expect(facts?.textContent).not.toContain('9');
    // Same currency on both sides: no exchange rate line.
    expect(approval.querySelector('[data-transfer-fact="rate"]')).toBeNull();
    expect(approval.querySelector('[data-transfer-fact="to"] dd')?.textContent).toBe('Demo shop');
    await user.click(within(approval).getByRole('button', { name: en.confirm.approve }));
    await screen.findByText('done COMPLETED');
    expect(kit.sandbox.state.accounts.get(kit.accountId)?.balance).toBe(10_000_000 - 1_500_000);
  });

  it('UI-21: given French, should show the approval facts in French with French number formats', async () => {
    const user = userEvent.setup();
    const kit = createKit();
    await kit.signIn();
    await kit.fund(10_000_000);
    const { usd } = await destinations(kit);
    render(kit.wrapper(<Payment accountId={kit.accountId} destinationAccountId={usd} />, fr));
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    const approval = await screen.findByRole('region', { name: fr.confirm.title });
    expect(approval?.textContent).toContain(fr.confirm.transfer.send);
    expect(approval.querySelector('[data-transfer-fact="send"] dd')?.textContent).toBe('1,50 USDC');
    expect(approval.querySelector('[data-transfer-fact="to"] dd')?.textContent).toBe(
      fr.confirm.transfer.ownAccount('USD'),
    );
  });

  it('UI-22: given the quote lapsing while the approval is open, should disable Approve, say why, and cancel without signing', async () => {
    const user = userEvent.setup();
    const kit = createKit();
    await kit.signIn();
    await kit.fund(10_000_000);
    const { shop } = await destinations(kit);
    render(kit.wrapper(<Payment accountId={kit.accountId} destinationAccountId={shop} />));
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    const approval = await screen.findByRole('region', { name: en.confirm.title });
    expect(approval.querySelector('[data-transfer-fact="to"] dd')?.textContent).toBe(
      en.confirm.transfer.otherAccount(shop.slice(-4)),
    );
    kit.clientClock.offset = 301_000;
    const expired = await within(approval).findByRole('alert');
    expect(expired?.textContent).toContain(en.confirm.transfer.expired);
    expect(within(approval).getByRole('button', { name: en.confirm.approve })).toHaveProperty(
      'disabled',
      true,
    );
    await user.click(within(approval).getByRole('button', { name: en.confirm.reject }));
    await screen.findByText(en.errors.ABORTED);
    const signed = kit.requests.filter(
      (request) => request.method === 'POST' && request.url.endsWith('/execute'),
    );
    expect(signed).toHaveLength(1);
    expect(kit.sandbox.state.accounts.get(kit.accountId)?.balance).toBe(10_000_000);
  });

  it('UI-22: given an amount over the balance, should explain it before any quote or approval', async () => {
    const user = userEvent.setup();
    const kit = createKit();
    await kit.signIn();
    await kit.fund(1_000_000);
    const { shop } = await destinations(kit);
    render(kit.wrapper(<Payment accountId={kit.accountId} destinationAccountId={shop} />));
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    const alert = await screen.findByRole('alert');
    expect(alert?.textContent).toContain(en.errorCases.insufficientFunds);
    expect(alert.getAttribute('data-error-case')).toBe('insufficientFunds');
    expect(screen.queryByRole('region', { name: en.confirm.title })).toBeNull();
    expect(kit.requests.filter((request) => request.url.endsWith('/quotes'))).toEqual([]);
    await waitFor(() => expect(screen.getByTestId('progress').textContent).toBe('error'));
  });
});
