import { type QueryClient, type UseQueryResult, useQuery } from '@tanstack/react-query';
import type { Transaction, WalletAuthClient, WalletAuthError } from '@wallet-auth/core';
import { useKitQueryClient } from '../provider/use-kit-query-client.js';
import { useWalletAuthClient } from '../provider/use-wallet-auth-client.js';
import { walletAuthQueryKeys } from './query-keys.js';
import { retryTransient } from './query-options.js';

/** Options of `useTransaction`. */
export interface UseTransactionOptions {
  client?: WalletAuthClient;
  queryClient?: QueryClient;
  /** Read again this often (ms) while the transaction is PENDING or PROCESSING; 0 disables. @defaultValue 2000 */
  pollWhileUnsettledMs?: number;
}

/**
 * One transaction (`GET /transactions/{transactionId}`) as shared server state: what moved, in
 * which currencies, and its status, read again while it has not settled. Disabled without an id
 * (e.g. before a transfer executes; a quote's `transactionId` names its transaction).
 *
 * @param transactionId - `Transaction:<uuid>`, or `undefined` to wait.
 * @param options - Client, query client and polling.
 * @example
 * const { data: transaction } = useTransaction(quote.transactionId);
 */
export function useTransaction(
  transactionId: string | undefined,
  options: UseTransactionOptions = {},
): UseQueryResult<Transaction, WalletAuthError> {
  const client = useWalletAuthClient(options.client, 'useTransaction');
  const queryClient = useKitQueryClient(options.queryClient, 'useTransaction');
  const poll = options.pollWhileUnsettledMs ?? 2000;
  return useQuery<Transaction, WalletAuthError>(
    {
      queryKey: walletAuthQueryKeys.transaction(client, transactionId),
      queryFn: ({ signal }) => client.api.getTransaction(transactionId as string, signal),
      enabled: transactionId !== undefined,
      retry: retryTransient,
      refetchInterval: (query) => {
        const status = query.state.data?.status;
        return poll > 0 && (status === 'PENDING' || status === 'PROCESSING') ? poll : false;
      },
    },
    queryClient,
  );
}
