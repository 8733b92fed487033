import { type QueryClient, type UseQueryResult, useQuery } from '@tanstack/react-query';
import type { AuthSession, WalletAuthClient, WalletAuthError } from '@wallet-auth/core';
import { useWalletAuthClient } from '../provider/use-wallet-auth-client.js';
import { walletAuthQueryKeys } from './query-keys.js';
import { retryTransient } from './query-options.js';
import { useSession } from './use-session.js';

/** Options of `useSessions`. */
export interface UseSessionsOptions {
  /** The wallet account; @defaultValue the account of this device's active session */
  accountId?: string;
  client?: WalletAuthClient;
  queryClient?: QueryClient;
  /** @defaultValue true */
  enabled?: boolean;
}

/**
 * The account's active sessions (`GET /auth/sessions`) as shared server state. The current
 * session's id is part of the key, so signing in again shows the new list at once.
 *
 * @param options - Account, client and query options.
 */
export function useSessions(
  options: UseSessionsOptions = {},
): UseQueryResult<AuthSession[], WalletAuthError> {
  const client = useWalletAuthClient(options.client, 'useSessions');
  const active = useSession((state) => (state.status === 'active' ? state.session : undefined), {
    client,
  });
  const accountId = options.accountId ?? active?.accountId;
  return useQuery<AuthSession[], WalletAuthError>(
    {
      queryKey: [...walletAuthQueryKeys.sessions(client, accountId), active?.id],
      queryFn: async ({ signal }) => {
        const { data } = await client.api.listSessions(accountId as string, signal);
        return data;
      },
      enabled: accountId !== undefined && options.enabled !== false,
      retry: retryTransient,
    },
    options.queryClient,
  );
}
