import type { WalletAuthClient } from '@wallet-auth/core';
import { createContext, type ReactNode } from 'react';

/** @internal The context holding the kit's client; read it through `useWalletAuthClient`. */
export const WalletAuthClientContext = createContext<WalletAuthClient | undefined>(undefined);

/** Props of `WalletAuthProvider`. */
export interface WalletAuthProviderProps {
  /** The client made once, outside React, with `createWalletAuthClient(options)`. */
  client: WalletAuthClient;
  children?: ReactNode;
}

/**
 * Puts the kit's client into context and does nothing else (docs/contributing.md §2.5): no fetching on
 * mount, no modals, no theme. Server state shares the app's own `QueryClientProvider`.
 *
 * @example
 * const client = createWalletAuthClient({ baseUrl: '/api/2025-10-13' });
 * <QueryClientProvider client={queryClient}>
 *   <WalletAuthProvider client={client}><App /></WalletAuthProvider>
 * </QueryClientProvider>
 */
export function WalletAuthProvider({ client, children }: WalletAuthProviderProps) {
  return (
    <WalletAuthClientContext.Provider value={client}>{children}</WalletAuthClientContext.Provider>
  );
}
