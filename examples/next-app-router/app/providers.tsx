'use client';

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createWalletAuthClient } from '@wallet-auth/core';
import { useSession, WalletAuthProvider } from '@wallet-auth/react';
import { type ReactNode, useState } from 'react';

export function Providers({ children }: { children: ReactNode }) {
  // Once in the browser (once per request on the server): never shared between users.
  // `environment: 'sandbox'` pins the sandbox's published development key.
  const [client] = useState(() =>
    createWalletAuthClient({ baseUrl: '/api/2025-10-13', environment: 'sandbox' }),
  );
  const [queryClient] = useState(() => new QueryClient());
  return (
    <QueryClientProvider client={queryClient}>
      <WalletAuthProvider client={client}>{children}</WalletAuthProvider>
    </QueryClientProvider>
  );
}

/** `signIn` until the wallet session is active (it unmounts then), `home` after. */
export function WalletGate({ signIn, home }: { signIn: ReactNode; home: ReactNode }) {
  const status = useSession((state) => state.status);
  return status === 'loading' ? null : status === 'active' ? home : signIn;
}
