import type { WalletAuthClient } from '@wallet-auth/core';
import { useContext } from 'react';
import { WalletAuthClientContext } from './wallet-auth-provider.js';

/**
 * Returns the kit's client: the one passed as `client`, else the one of the nearest
 * `WalletAuthProvider` (TanStack's `useQueryClient(client?)`).
 *
 * @param client - An explicit client, which wins over the provider's.
 * @throws Error when neither is available, naming the hook and the provider.
 */
export function useWalletAuthClient(
  client?: WalletAuthClient,
  hookName = 'useWalletAuthClient',
): WalletAuthClient {
  const fromContext = useContext(WalletAuthClientContext);
  const resolved = client ?? fromContext;
  if (resolved === undefined) {
    throw new Error(
      `${hookName} must be used within <WalletAuthProvider> or be given a client. See "Provider" in the README of @wallet-auth/react`,
    );
  }
  return resolved;
}
