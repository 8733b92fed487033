import type { SessionState, WalletAuthClient } from '@wallet-auth/core';
import { useCallback, useSyncExternalStore } from 'react';
import { useWalletAuthClient } from '../provider/use-wallet-auth-client.js';

/** Options of `useSession`. */
export interface UseSessionOptions {
  /** Use this client instead of the provider's. */
  client?: WalletAuthClient;
}

const identity = (state: SessionState) => state;

/**
 * Reads this device's session (`loading` · `signedOut` · `active` · `expired`) and re-renders
 * when it changes, through `useSyncExternalStore` (docs/contributing.md §2.5). Subscribing restores the
 * persisted session on first use; during server rendering the state stays `loading`.
 *
 * @param selector - Picks a part of the state; it must return a stable value (a field, not a new
 * object), as zustand's selectors must.
 * @param options - `client` to bypass the provider.
 * @example
 * const status = useSession((state) => state.status);
 */
export function useSession(selector?: undefined, options?: UseSessionOptions): SessionState;
export function useSession<T>(selector: (state: SessionState) => T, options?: UseSessionOptions): T;
export function useSession<T>(
  selector?: (state: SessionState) => T,
  options: UseSessionOptions = {},
): T | SessionState {
  const client = useWalletAuthClient(options.client, 'useSession');
  const { sessions } = client;
  const select = selector ?? identity;
  const getSnapshot = useCallback(() => select(sessions.getSnapshot()), [select, sessions]);
  return useSyncExternalStore(sessions.subscribe, getSnapshot, getSnapshot);
}
