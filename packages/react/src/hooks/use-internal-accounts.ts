import { type QueryClient, type UseQueryResult, useQuery } from '@tanstack/react-query';
import type {
  InternalAccount,
  ListInternalAccountsParams,
  WalletAuthClient,
  WalletAuthError,
} from '@wallet-auth/core';
import { useKitQueryClient } from '../provider/use-kit-query-client.js';
import { useWalletAuthClient } from '../provider/use-wallet-auth-client.js';
import { walletAuthQueryKeys } from './query-keys.js';
import { retryTransient } from './query-options.js';

/** Options of `useInternalAccounts`. */
export interface UseInternalAccountsOptions {
  client?: WalletAuthClient;
  queryClient?: QueryClient;
  /** @defaultValue true */
  enabled?: boolean;
  /** Poll this often (ms) while an account of the page is PENDING; 0 disables. @defaultValue 0 */
  pollWhilePendingMs?: number;
}

/**
 * Internal accounts (`GET /customers/internal-accounts`) with the interface's filters, first page
 * only (`limit` up to 100). Behind the reference proxy the customer filter is implied.
 *
 * @param params - `customerId`, `type` (e.g. `EMBEDDED_WALLET`), `currency`, `limit`, `cursor`.
 * @param options - Client and query options.
 */
export function useInternalAccounts(
  params: ListInternalAccountsParams = {},
  options: UseInternalAccountsOptions = {},
): UseQueryResult<InternalAccount[], WalletAuthError> {
  const client = useWalletAuthClient(options.client, 'useInternalAccounts');
  const queryClient = useKitQueryClient(options.queryClient, 'useInternalAccounts');
  return useQuery<InternalAccount[], WalletAuthError>(
    {
      queryKey: walletAuthQueryKeys.internalAccounts(client, params),
      queryFn: async ({ signal }) => (await client.api.listInternalAccounts(params, signal)).data,
      enabled: options.enabled !== false,
      retry: retryTransient,
      refetchInterval: (query) =>
        options.pollWhilePendingMs &&
        query.state.data?.some((account) => account.status === 'PENDING')
          ? options.pollWhilePendingMs
          : false,
    },
    queryClient,
  );
}
