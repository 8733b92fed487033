import { type QueryClient, type UseMutationResult, useMutation } from '@tanstack/react-query';
import type { WalletAuthClient, WalletAuthError } from '@wallet-auth/core';
import { useKitQueryClient } from '../provider/use-kit-query-client.js';
import { useWalletAuthClient } from '../provider/use-wallet-auth-client.js';
import { walletAuthQueryKeys } from './query-keys.js';

/** Options of the session mutations. */
export interface UseSessionMutationOptions {
  client?: WalletAuthClient;
  queryClient?: QueryClient;
}

/**
 * Revokes one session of the account (`DELETE /auth/sessions/{id}`, signed by this device's
 * session); revoking this device's own session signs it out. A 404 counts as done (docs/protocol.md
 * §12). Refreshes the sessions list when settled.
 *
 * @throws via the mutation's `error`: `SESSION_EXPIRED`, `SESSION_KEY_MISSING`, signed-retry codes.
 */
export function useRevokeSession(
  options: UseSessionMutationOptions = {},
): UseMutationResult<void, WalletAuthError, string> {
  const client = useWalletAuthClient(options.client, 'useRevokeSession');
  const queryClient = useKitQueryClient(options.queryClient, 'useRevokeSession');
  return useMutation<void, WalletAuthError, string>(
    {
      mutationFn: (sessionId) => client.sessions.revokeSession(sessionId),
      onSettled: () =>
        queryClient.invalidateQueries({ queryKey: walletAuthQueryKeys.sessionLists(client) }),
    },
    queryClient,
  );
}

/** What `useSignOut` learnt about the service side of the sign-out. */
export interface SignOutResult {
  /**
   * Set when the revoke did not reach the service (offline, or the service unreachable or
   * failing; catalogue SES-08): the key is deleted at once, but the session stays valid there
   * until this instant (epoch ms, the session's `expiresAt`). `undefined` once revoked.
   */
  serverSessionExpiresAt: number | undefined;
}

/**
 * Signs this device out: revokes its session on the service (best effort), deletes the key and
 * tells every tab; then drops the kit's cached server state so nothing of the account lingers.
 * Resolves with `serverSessionExpiresAt` when the revoke did not reach the service (catalogue
 * SES-08), so the UI can say the session lasts there until then.
 */
export function useSignOut(
  options: UseSessionMutationOptions = {},
): UseMutationResult<SignOutResult, WalletAuthError, void> {
  const client = useWalletAuthClient(options.client, 'useSignOut');
  const queryClient = useKitQueryClient(options.queryClient, 'useSignOut');
  return useMutation<SignOutResult, WalletAuthError, void>(
    {
      // Offline is exactly when signing out must still act at once (catalogue SES-08: the key is
      // deleted locally); TanStack's default `online` mode would pause the mutation instead.
      networkMode: 'always',
      mutationFn: async () => {
        const outcome = await client.sessions.signOut();
        return {
          serverSessionExpiresAt: outcome.revoked ? undefined : outcome.serverSessionExpiresAt,
        };
      },
      onSettled: () => {
        // Nothing of the account lingers: unobserved queries are dropped; observed ones (such as
        // the sign-in screen's, mounted as soon as the session ended) are reset and read again,
        // never removed from under their observer, which would leave it pending for good
        // (catalogue SES-21: a double click settled a second time after that screen mounted).
        const queryKey = walletAuthQueryKeys.all(client);
        queryClient.removeQueries({ queryKey, type: 'inactive' });
        void queryClient.resetQueries({ queryKey, type: 'active' });
      },
    },
    queryClient,
  );
}
