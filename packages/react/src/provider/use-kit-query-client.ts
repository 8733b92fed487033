import { type QueryClient, QueryClientContext } from '@tanstack/react-query';
import { useContext } from 'react';

/**
 * The app's TanStack Query `QueryClient`: the one passed as `queryClient`, else the one of the
 * nearest `QueryClientProvider`. The kit keeps its server state there (docs/contributing.md §2.5).
 *
 * @param queryClient - An explicit QueryClient, which wins over the provider's.
 * @param hookName - Named in the message when there is none.
 * @throws Error when neither is available, saying which provider to add.
 */
export function useKitQueryClient(
  queryClient: QueryClient | undefined,
  hookName: string,
): QueryClient {
  const fromContext = useContext(QueryClientContext);
  const resolved = queryClient ?? fromContext;
  if (resolved === undefined) {
    throw new Error(
      `${hookName} needs a TanStack Query QueryClient: wrap your app in <QueryClientProvider client={queryClient}> from @tanstack/react-query (a peer dependency of @wallet-auth/react; create the client once with new QueryClient()), or pass queryClient. See "Provider" in the README of @wallet-auth/react`,
    );
  }
  return resolved;
}
