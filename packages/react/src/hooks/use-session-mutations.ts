import {
  type QueryClient,
  type UseMutationResult,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import type { WalletAuthClient, WalletAuthError } from '@wallet-auth/core';
import { useWalletAuthClient } from '../provider/use-wallet-auth-client.js';
import { walletAuthQueryKeys } from './query-keys.js';

/** Options of the session mutations. */
export interface UseSessionMutationOptions {
  client?: WalletAuthClient;
  queryClient?: QueryClient;
}

/**
 * Revokes one session of the account (`DELETE /auth/sessions/{id}`, signed by this device's
 * session); revoking this device's own session signs it out. A 404 counts as done (wire-format
 * §12). Refreshes the sessions list when settled.
 *
 * @throws via the mutation's `error`: `SESSION_EXPIRED`, `SESSION_KEY_MISSING`, signed-retry codes.
 */
export function useRevokeSession(
  options: UseSessionMutationOptions = {},
): UseMutationResult<void, WalletAuthError, string> {
  const client = useWalletAuthClient(options.client, 'useRevokeSession');
  const queryClient = useQueryClient(options.queryClient);
  return useMutation<void, WalletAuthError, string>(
    {
      mutationFn: (sessionId) => client.sessions.revokeSession(sessionId),
      onSettled: () =>
        queryClient.invalidateQueries({ queryKey: walletAuthQueryKeys.sessionLists(client) }),
    },
    queryClient,
  );
}

/**
 * Signs this device out: revokes its session on the service (best effort), deletes the key and
 * tells every tab; then drops the kit's cached server state so nothing of the account lingers.
 */
export function useSignOut(
  options: UseSessionMutationOptions = {},
): UseMutationResult<void, WalletAuthError, void> {
  const client = useWalletAuthClient(options.client, 'useSignOut');
  const queryClient = useQueryClient(options.queryClient);
  return useMutation<void, WalletAuthError, void>(
    {
      mutationFn: () => client.sessions.signOut(),
      onSettled: () => queryClient.removeQueries({ queryKey: walletAuthQueryKeys.all(client) }),
    },
    queryClient,
  );
}
