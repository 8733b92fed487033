import { type QueryClient, type UseQueryResult, useQuery } from '@tanstack/react-query';
import type { AuthSession, WalletAuthClient, WalletAuthError } from '@wallet-auth/core';
import { useEffect, useRef } from 'react';
import { useKitQueryClient } from '../provider/use-kit-query-client.js';
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
 * The account's active sessions (`GET /auth/sessions`) as shared server state. When this device's
 * session changes (a refresh, a new sign-in), the list is read again at once in a visible tab; a
 * hidden tab only marks it stale and reads it when it comes back into view (TanStack Query's
 * `refetchOnWindowFocus`), so ten open tabs do not re-read it after every refresh.
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
  const queryClient = useKitQueryClient(options.queryClient, 'useSessions');
  const sessionId = active?.id;
  const previous = useRef(sessionId);
  useEffect(() => {
    const was = previous.current;
    previous.current = sessionId;
    if (was === sessionId || sessionId === undefined || accountId === undefined) {
      return;
    }
    const hidden = typeof document !== 'undefined' && document.visibilityState === 'hidden';
    void queryClient.invalidateQueries({
      queryKey: walletAuthQueryKeys.sessions(client, accountId),
      refetchType: hidden ? 'none' : 'active',
    });
  }, [sessionId, accountId, client, queryClient]);
  return useQuery<AuthSession[], WalletAuthError>(
    {
      queryKey: walletAuthQueryKeys.sessions(client, accountId),
      queryFn: async ({ signal }) => {
        const { data } = await client.api.listSessions(accountId as string, signal);
        return data;
      },
      enabled: accountId !== undefined && options.enabled !== false,
      retry: retryTransient,
    },
    queryClient,
  );
}
