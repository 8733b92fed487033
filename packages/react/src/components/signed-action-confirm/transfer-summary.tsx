/**
 * The facts of a transfer approval (issue 21, defect 1; catalogue UI-21): what leaves the wallet,
 * what arrives, the exchange rate of a cross-currency quote, the fees, the destination and how
 * long the quote holds. Every figure comes from the quote the core checked the payload belongs
 * to (`TransferDescription`), never from the page's form.
 */
import type { CountdownClock } from '../../hooks/use-countdown.js';
import type { WalletAuthMessages } from '../../i18n/en.js';
import { formatAmount, formatDuration } from '../../i18n/format.js';
import type { QuotedAmount, TransferDescription } from '../../signed-action/describe-activity.js';

/** Ticks in real time when the confirmation has no client clock (stories, hand-made requests). */
export const SYSTEM_COUNTDOWN_CLOCK: CountdownClock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => {
    const handle = globalThis.setTimeout(callback, Math.max(0, ms));
    return () => globalThis.clearTimeout(handle);
  },
};

function amountText(value: QuotedAmount, locale: string): string {
  return value.currency === undefined
    ? String(value.amount)
    : formatAmount({ amount: value.amount, currency: value.currency }, locale);
}

function destinationText(transfer: TransferDescription, messages: WalletAuthMessages): string {
  const { destination } = transfer;
  switch (destination.kind) {
    case 'own': {
      return messages.confirm.transfer.ownAccount(
        destination.currency ?? transfer.receiving.currency?.code ?? '',
      );
    }
    case 'named': {
      return destination.name;
    }
    case 'other': {
      return messages.confirm.transfer.otherAccount(destination.accountId.slice(-4));
    }
    default: {
      return destination satisfies never;
    }
  }
}

/** Props of the transfer facts. */
export interface TransferFactsProps {
  transfer: TransferDescription;
  messages: WalletAuthMessages;
  /** Seconds until the quote lapses; `undefined` when its `expiresAt` does not parse. */
  secondsLeft: number | undefined;
}

/** The transfer's facts as a `dl`, then the quote's countdown or, once lapsed, an alert. */
export function TransferFacts({ transfer, messages, secondsLeft }: TransferFactsProps) {
  const { locale } = messages;
  const text = messages.confirm.transfer;
  const { exchangeRate, sending, receiving } = transfer;
  // "1 USDC = 0.92 EUR": the currency codes and a locale-formatted rate read the same everywhere.
  const rate =
    exchangeRate === undefined
      ? undefined
      : `1 ${sending.currency?.code ?? ''} = ${new Intl.NumberFormat(locale, {
          maximumFractionDigits: 12,
        }).format(exchangeRate)} ${receiving.currency?.code ?? ''}`;
  return (
    <>
      <dl data-transfer="">
        <div data-transfer-fact="send">
          <dt>{text.send}</dt>
          <dd>{amountText(sending, locale)}</dd>
        </div>
        <div data-transfer-fact="receive">
          <dt>{text.receive}</dt>
          <dd>{amountText(receiving, locale)}</dd>
        </div>
        {rate === undefined ? null : (
          <div data-transfer-fact="rate">
            <dt>{text.rate}</dt>
            <dd>{rate}</dd>
          </div>
        )}
        {transfer.fees === undefined ? null : (
          <div data-transfer-fact="fees">
            <dt>{text.fees}</dt>
            <dd>{amountText(transfer.fees, locale)}</dd>
          </div>
        )}
        <div data-transfer-fact="to">
          <dt>{text.to}</dt>
          <dd>{destinationText(transfer, messages)}</dd>
        </div>
      </dl>
      {secondsLeft === undefined ? null : secondsLeft > 0 ? (
        <p data-quote-expiry="">
          {messages.confirm.expiresIn(formatDuration(secondsLeft, locale))}
        </p>
      ) : (
        <p role="alert" data-quote-expired="">
          {text.expired}
        </p>
      )}
    </>
  );
}
