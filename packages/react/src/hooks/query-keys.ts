import type { ListInternalAccountsParams, WalletAuthClient } from '@wallet-auth/core';

/**
 * TanStack Query keys of the kit's server state. Each starts with `'wallet-auth'` and the
 * client's storage namespace, so two kits on one page never share a cache entry and an app can
 * invalidate all of the kit's queries with `queryClient.invalidateQueries({ queryKey: ['wallet-auth'] })`.
 */
export const walletAuthQueryKeys = {
  /** Everything of one client. */
  all: (client: WalletAuthClient) => ['wallet-auth', client.keys.namespace] as const,
  /** `GET /auth/credentials?accountId`. */
  credentials: (client: WalletAuthClient, accountId: string | undefined) =>
    ['wallet-auth', client.keys.namespace, 'credentials', accountId] as const,
  /** Every credentials list of one client (for invalidation). */
  credentialLists: (client: WalletAuthClient) =>
    ['wallet-auth', client.keys.namespace, 'credentials'] as const,
  /** Every sessions list of one client (for invalidation). */
  sessionLists: (client: WalletAuthClient) =>
    ['wallet-auth', client.keys.namespace, 'sessions'] as const,
  /** `GET /auth/sessions?accountId`. */
  sessions: (client: WalletAuthClient, accountId: string | undefined) =>
    ['wallet-auth', client.keys.namespace, 'sessions', accountId] as const,
  /** `GET /transactions/{transactionId}`. */
  transaction: (client: WalletAuthClient, transactionId: string | undefined) =>
    ['wallet-auth', client.keys.namespace, 'transactions', transactionId] as const,
  /** `GET /customers/internal-accounts` with its filters. */
  internalAccounts: (client: WalletAuthClient, params: ListInternalAccountsParams) =>
    ['wallet-auth', client.keys.namespace, 'internal-accounts', params] as const,
};
