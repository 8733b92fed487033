/**
 * Keeps what a person asked for when this device's session ended under it (issue 21, defect 5;
 * catalogue SES-23): the signed action's variables stay in TanStack Query's mutation cache (under
 * a key of the action) after the component unmounts for the sign-in screen, and are offered
 * again once a session is active.
 */
import { type QueryClient, useMutationState } from '@tanstack/react-query';
import type { WalletAuthClient, WalletAuthError } from '@wallet-auth/core';
import { useCallback, useMemo } from 'react';
import { walletAuthQueryKeys } from '../hooks/query-keys.js';
import { useSession } from '../hooks/use-session.js';

/** How long a kept intent waits for the person to sign in again. */
export const INTENT_KEPT_MS = 30 * 60_000;

/** What `onMutate` returns: marked when the action fails with the session gone. */
export interface IntentMark {
  sessionEnded: boolean;
}

/** An action that failed because the session ended, ready to be repeated. */
export interface KeptIntent<TVariables> {
  /** What the action was called with. */
  variables: TVariables;
  /** How it failed (e.g. `SESSION_EXPIRED`, `WALLET_SIGNATURE_INVALID`, `ABORTED`). */
  error: WalletAuthError;
}

/** The mutation key of an action's kept intents. */
export function intentMutationKey(client: WalletAuthClient, key: string) {
  return [...walletAuthQueryKeys.all(client), 'intent', key] as const;
}

/**
 * Marks a failed run when the session is gone as it fails (revoked, expired, the key cleared,
 * or the screen unmounted because the session ended).
 * @param client - The kit's client.
 * @param mark - The run's `onMutate` result.
 */
export function markIntent(client: WalletAuthClient, mark: IntentMark | undefined): void {
  if (mark !== undefined) {
    mark.sessionEnded = client.sessions.getSnapshot().status !== 'active';
  }
}

/**
 * The action's kept intent, offered only while a session is active and nothing of the action
 * runs; `drop()` forgets it (after repeating or dismissing it).
 * @param client - The kit's client.
 * @param queryClient - The kit's QueryClient.
 * @param key - The action's intent key; `undefined` keeps nothing.
 */
export function useKeptIntent<TVariables>(
  client: WalletAuthClient,
  queryClient: QueryClient,
  key: string | undefined,
): { intent: KeptIntent<TVariables> | undefined; drop: () => void } {
  const mutationKey = useMemo(
    () => (key === undefined ? ['wallet-auth', 'no-intent'] : intentMutationKey(client, key)),
    [client, key],
  );
  const runs = useMutationState(
    {
      filters: { mutationKey, exact: true },
      select: (mutation) => mutation.state,
    },
    queryClient,
  );
  const active = useSession((state) => state.status === 'active', { client });
  const latest = runs.at(-1);
  const mark = latest?.context as IntentMark | undefined;
  const intent =
    key !== undefined &&
    active &&
    latest?.status === 'error' &&
    mark?.sessionEnded === true &&
    latest.error !== null
      ? { variables: latest.variables as TVariables, error: latest.error as WalletAuthError }
      : undefined;
  const drop = useCallback(() => {
    const cache = queryClient.getMutationCache();
    for (const mutation of cache.findAll({ mutationKey, exact: true })) {
      if (mutation.state.status !== 'pending') {
        cache.remove(mutation);
      }
    }
  }, [queryClient, mutationKey]);
  return { intent, drop };
}
