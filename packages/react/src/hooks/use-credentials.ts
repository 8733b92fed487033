import { type QueryClient, type UseQueryResult, useQuery } from '@tanstack/react-query';
import type { AuthMethod, WalletAuthClient, WalletAuthError } from '@wallet-auth/core';
import { useEffect, useRef } from 'react';
import { useKitQueryClient } from '../provider/use-kit-query-client.js';
import { useWalletAuthClient } from '../provider/use-wallet-auth-client.js';
import { walletAuthQueryKeys } from './query-keys.js';
import { retryTransient } from './query-options.js';
import { useSession } from './use-session.js';

/** Options of `useCredentials`. */
export interface UseCredentialsOptions {
  /** The wallet account; @defaultValue the account of this device's session (active or expired) */
  accountId?: string;
  /** Use this client instead of the provider's. */
  client?: WalletAuthClient;
  /** Use this QueryClient instead of the app's `QueryClientProvider`. */
  queryClient?: QueryClient;
  /** Set false to hold the request. @defaultValue true */
  enabled?: boolean;
}

/**
 * The account's credentials (`GET /auth/credentials`), as TanStack Query server state shared
 * through the app's `QueryClient`. Disabled until an account id is known.
 *
 * @param options - Account, client and query options.
 * @example
 * const { data: credentials } = useCredentials({ accountId });
 */
export function useCredentials(
  options: UseCredentialsOptions = {},
): UseQueryResult<AuthMethod[], WalletAuthError> {
  const client = useWalletAuthClient(options.client, 'useCredentials');
  const sessionAccountId = useSession(
    (state) => ('session' in state ? state.session.accountId : undefined),
    { client },
  );
  const accountId = options.accountId ?? sessionAccountId;
  const queryClient = useKitQueryClient(options.queryClient, 'useCredentials');
  const status = useSession((state) => state.status, { client });
  const previous = useRef(status);
  // A session that ends (signed out, revoked or expired elsewhere) may mean a credential was
  // removed on another device: read the list again rather than offer a stale method.
  useEffect(() => {
    const was = previous.current;
    previous.current = status;
    if (was === 'active' && status !== 'active' && accountId !== undefined) {
      void queryClient.invalidateQueries({
        queryKey: walletAuthQueryKeys.credentials(client, accountId),
      });
    }
  }, [status, accountId, client, queryClient]);
  return useQuery<AuthMethod[], WalletAuthError>(
    {
      queryKey: walletAuthQueryKeys.credentials(client, accountId),
      queryFn: async ({ signal }) => {
        const { data } = await client.api.listCredentials(accountId as string, signal);
        return data;
      },
      enabled: accountId !== undefined && options.enabled !== false,
      retry: retryTransient,
    },
    queryClient,
  );
}
