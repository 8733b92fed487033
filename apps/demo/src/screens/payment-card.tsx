import { type CurrencyAmount, executeTransfer, type Quote } from '@wallet-auth/core';
import {
  ErrorNotice,
  formatAmount,
  SignedActionConfirm,
  TransactionStatus,
  useSignedAction,
} from '@wallet-auth/react';
import { type FormEvent, type ReactNode, useId, useRef, useState } from 'react';
import { useDemoMessages } from '../i18n/context.js';

const USDC_UNITS = 1_000_000; // USDC has 6 decimals

/** What a payment card needs from the wallet screen. */
export interface PaymentCardProps {
  title: string;
  intro: ReactNode;
  submitLabel: string;
  /** The wallet that pays. */
  sourceAccountId: string;
  /** Where the money goes; the card is disabled without one. */
  destinationAccountId: string | undefined;
  /** How the approval names a destination that is not the customer's own account. */
  destinationName?: string;
  description: string;
  /** The wallet's available balance as shown on screen, for the check before anything is sent. */
  balance: CurrencyAmount | undefined;
  /** The sentence once the quote executed. */
  done: (quote: Quote, locale: string) => string;
  /** Offers test funds when the amount is over the balance. */
  onAddFunds: () => void;
  locale: string;
  theme: 'light' | 'dark';
  /** Shown instead of the form when there is no destination yet. */
  unavailable?: string;
}

/**
 * A signed transfer from the wallet: an amount in USDC, the kit's approval (what the quote says:
 * both amounts, the rate, the destination, the expiry), progress, the executed transaction's
 * state and any error with its next step as a button (issue 21, defects 1, 2 and 9).
 */
export function PaymentCard(props: PaymentCardProps) {
  const t = useDemoMessages().wallet;
  const titleId = useId();
  const amountId = useId();
  const amountField = useRef<HTMLInputElement>(null);
  const [result, setResult] = useState<Quote | undefined>(undefined);
  const [overBalance, setOverBalance] = useState(false);
  const payment = useSignedAction({
    action: (amount: number, { client, signal, onProgress }) =>
      executeTransfer(
        client,
        {
          sourceAccountId: props.sourceAccountId,
          destinationAccountId: props.destinationAccountId ?? '',
          amount,
          description: props.description,
          ...(props.destinationName === undefined
            ? {}
            : { destinationName: props.destinationName }),
        },
        { signal, onProgress },
      ),
    onSuccess: setResult,
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setResult(undefined);
    const amount = Math.round(Number(new FormData(event.currentTarget).get('amount')) * USDC_UNITS);
    // What the screen already knows is checked before anything is asked for (defect 2); the kit
    // checks the balance again before the approval.
    const over = props.balance !== undefined && amount > props.balance.amount;
    setOverBalance(over);
    if (!over) {
      payment.mutate(amount);
    }
  }

  const progress = payment.progress === undefined ? undefined : t.progress[payment.progress.kind];
  return (
    <section className="card" aria-labelledby={titleId}>
      <h2 id={titleId} className="card-title">
        {props.title}
      </h2>
      <p className="muted">{props.intro}</p>
      {props.destinationAccountId === undefined && props.unavailable !== undefined ? (
        <p className="muted">{props.unavailable}</p>
      ) : null}
      <form className="row" onSubmit={onSubmit}>
        <label htmlFor={amountId}>{t.amount}</label>
        <input
          ref={amountField}
          id={amountId}
          name="amount"
          type="number"
          min="0.01"
          step="0.01"
          required
          defaultValue="5"
          inputMode="decimal"
          onChange={() => setOverBalance(false)}
        />
        <button
          type="submit"
          className="primary"
          disabled={payment.isPending || props.destinationAccountId === undefined}
          aria-busy={payment.isPending}
        >
          {props.submitLabel}
        </button>
      </form>
      {overBalance && props.balance !== undefined ? (
        <div role="alert" className="banner banner-error">
          <p>{t.overBalance(formatAmount(props.balance, props.locale))}</p>
          <div className="row">
            <button type="button" className="secondary" onClick={props.onAddFunds}>
              {t.addFunds}
            </button>
            <button type="button" className="ghost" onClick={() => amountField.current?.focus()}>
              {t.changeAmount}
            </button>
          </div>
        </div>
      ) : null}
      <SignedActionConfirm.Root
        confirmation={payment.confirmation}
        data-wallet-auth=""
        data-theme={props.theme}
      />
      <p role="status" className="muted">
        {payment.isPending ? progress : ''}
        {result && !payment.isPending ? props.done(result, props.locale) : ''}
      </p>
      {result && !payment.isPending ? (
        <TransactionStatus
          transactionId={result.transactionId}
          data-wallet-auth=""
          data-theme={props.theme}
          className="transaction"
        />
      ) : null}
      {payment.error && (
        <ErrorNotice
          error={payment.error}
          className="banner banner-error"
          handles={['retry', 'fixInput']}
          onAction={(action) => {
            const last = payment.variables;
            payment.reset();
            if (action === 'fixInput') {
              amountField.current?.focus();
            } else if (last !== undefined) {
              payment.mutate(last);
            }
          }}
        />
      )}
    </section>
  );
}
