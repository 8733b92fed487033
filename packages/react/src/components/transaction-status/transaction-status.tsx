import type { QueryClient } from '@tanstack/react-query';
import type { WalletAuthClient } from '@wallet-auth/core';
import { type ComponentPropsWithoutRef, forwardRef } from 'react';
import { useTransaction } from '../../hooks/use-transaction.js';
import type { WalletAuthMessages } from '../../i18n/en.js';
import { formatAmount, formatDateTime } from '../../i18n/format.js';
import { useMessages } from '../../i18n/locale-provider.js';
import { useWalletAuthClient } from '../../provider/use-wallet-auth-client.js';
import { ErrorNotice } from '../notice/error-notice.js';

/** Props of `TransactionStatus`. */
export interface TransactionStatusProps extends Omit<ComponentPropsWithoutRef<'div'>, 'children'> {
  /** The transaction to show (a quote's `transactionId` once executed); nothing renders without one. */
  transactionId: string | undefined;
  /** Read again this often (ms) while it has not settled. @defaultValue 2000 */
  pollWhileUnsettledMs?: number;
  /** Use this client instead of the nearest `WalletAuthProvider`'s. */
  client?: WalletAuthClient;
  /** Use this TanStack Query client instead of the nearest `QueryClientProvider`'s. */
  queryClient?: QueryClient;
  /** The texts (e.g. `fr`). @defaultValue the nearest `WalletAuthLocaleProvider`'s, else English */
  messages?: WalletAuthMessages;
}

/**
 * A transaction's state after a transfer executes (`GET /transactions/{transactionId}`): its
 * status, what left and what arrived (both currencies), and when it settled; read again while
 * PENDING or PROCESSING. A polite live region (`role="status"`); `data-state` is `loading` ·
 * `error` · the transaction's status (`PENDING`, `PROCESSING`, `COMPLETED`, `FAILED`). A read
 * that fails shows the error with a "Try again" button.
 */
export const TransactionStatus = forwardRef<HTMLDivElement, TransactionStatusProps>(
  function TransactionStatus(
    {
      transactionId,
      pollWhileUnsettledMs,
      client: clientProp,
      queryClient,
      messages: messagesProp,
      ...props
    },
    ref,
  ) {
    const messages = useMessages(messagesProp);
    const client = useWalletAuthClient(clientProp, 'TransactionStatus');
    const query = useTransaction(transactionId, {
      client,
      ...(queryClient ? { queryClient } : {}),
      ...(pollWhileUnsettledMs === undefined ? {} : { pollWhileUnsettledMs }),
    });
    if (transactionId === undefined) {
      return null;
    }
    const text = messages.wallet.transaction;
    const transaction = query.data;
    const state = transaction?.status ?? (query.isError ? 'error' : 'loading');
    return (
      <div data-transaction-status="" data-state={state} {...props} ref={ref}>
        <div role="status">
          {transaction === undefined ? (
            query.isError ? null : (
              <p>{text.checking}</p>
            )
          ) : (
            <>
              <p>
                {text.label}: <strong>{text.status[transaction.status]}</strong>
              </p>
              <p data-transaction-amounts="">
                {text.amounts(
                  formatAmount(transaction.sentAmount, messages.locale),
                  formatAmount(transaction.receivedAmount, messages.locale),
                )}
              </p>
              {transaction.settledAt === undefined ? null : (
                <p data-transaction-settled="">
                  {text.settled(formatDateTime(transaction.settledAt, messages.locale))}
                </p>
              )}
            </>
          )}
        </div>
        {query.isError && transaction === undefined ? (
          <ErrorNotice
            error={query.error}
            messages={messages}
            onAction={() => void query.refetch()}
            handles={['retry', 'checkConnection', 'wait']}
          />
        ) : null}
      </div>
    );
  },
);
