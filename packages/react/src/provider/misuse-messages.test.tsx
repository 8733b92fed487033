import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SignIn } from '../components/sign-in/sign-in.js';
import { useCredentials } from '../hooks/use-credentials.js';
import { useSignOut } from '../hooks/use-session-mutations.js';
import { createKit } from '../test/kit.js';
import { WalletAuthProvider } from './wallet-auth-provider.js';

afterEach(cleanup);
beforeEach(() => {
  // React logs the thrown render error as well; the assertion is on the error itself.
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

describe('development-time messages for misuse', () => {
  it('given SignIn outside WalletAuthProvider and without a client, should say which provider to add', () => {
    const queryClient = new QueryClient();
    expect(() =>
      render(
        <QueryClientProvider client={queryClient}>
          <SignIn accountId="InternalAccount:00000000-0000-4000-8000-000000000001" />
        </QueryClientProvider>,
      ),
    ).toThrow(/SignIn must be used within <WalletAuthProvider> or be given a client/);
  });

  it('given SignIn inside WalletAuthProvider but no QueryClientProvider, should say to add one from @tanstack/react-query', () => {
    const kit = createKit();
    expect(() =>
      render(
        <WalletAuthProvider client={kit.client}>
          <SignIn accountId={kit.accountId} />
        </WalletAuthProvider>,
      ),
    ).toThrow(
      /needs a TanStack Query QueryClient: wrap your app in <QueryClientProvider client=\{queryClient\}> from @tanstack\/react-query/,
    );
  });

  it('given hooks without a QueryClient, should name the hook; given one as an option, should work without the provider', () => {
    const kit = createKit();
    const withClient = ({ children }: { children: React.ReactNode }) => (
      <WalletAuthProvider client={kit.client}>{children}</WalletAuthProvider>
    );
    expect(() => renderHook(() => useSignOut(), { wrapper: withClient })).toThrow(
      /^useSignOut needs a TanStack Query QueryClient/,
    );
    const queryClient = new QueryClient();
    const { result } = renderHook(() => useCredentials({ accountId: kit.accountId, queryClient }), {
      wrapper: withClient,
    });
    expect(result.current.isPending).toBe(true);
  });
});
