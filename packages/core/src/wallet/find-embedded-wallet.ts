import { WalletAuthError } from '../errors/wallet-auth-error.js';
import type { InternalAccount } from '../types.js';
import type { WalletAuthClient } from '../wallet-auth-client.types.js';
import { assertResourceId } from './validate-input.js';

/** Options of `findEmbeddedWallet`. */
export interface FindEmbeddedWalletOptions {
  signal?: AbortSignal;
  /** Page size, 1–100. @defaultValue 100 */
  pageSize?: number;
}

// A server that keeps answering `hasMore` with new cursors is not followed for ever.
const MAX_PAGES = 100;

/**
 * Finds a customer's embedded wallet (docs/service-api.md `GET /customers/internal-accounts`: "use
 * EMBEDDED_WALLET to find a customer's wallet"), following `nextCursor` until one is found. The
 * list is a platform read, not a wallet action, so no session is needed.
 *
 * @param client - The kit's client.
 * @param customerId - `Customer:<uuid>`.
 * @param options - Signal and page size.
 * @returns The wallet, or `undefined` when the customer has none.
 * @throws WalletAuthError `INVALID_INPUT` for a malformed id (before any network call),
 * `PROTOCOL_ERROR` for a cursor that repeats, and the list's own errors.
 * @example
 * const wallet = await findEmbeddedWallet(client, 'Customer:…');
 */
export async function findEmbeddedWallet(
  client: WalletAuthClient,
  customerId: string,
  options: FindEmbeddedWalletOptions = {},
): Promise<InternalAccount | undefined> {
  assertResourceId(customerId, 'Customer', 'customerId');
  const limit = Math.min(100, Math.max(1, Math.floor(options.pageSize ?? 100)));
  const seen = new Set<string>();
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const answer = await client.api.listInternalAccounts(
      { customerId, type: 'EMBEDDED_WALLET', limit, ...(cursor === undefined ? {} : { cursor }) },
      options.signal,
    );
    // The filter is the service's; the type is checked again rather than trusted.
    const wallet = answer.data.find(
      (account) => account.type === 'EMBEDDED_WALLET' && account.customerId === customerId,
    );
    if (wallet !== undefined) {
      return wallet;
    }
    if (!answer.hasMore || typeof answer.nextCursor !== 'string') {
      return undefined;
    }
    if (seen.has(answer.nextCursor)) {
      throw new WalletAuthError('PROTOCOL_ERROR', 'The account list repeated a page cursor.');
    }
    seen.add(answer.nextCursor);
    cursor = answer.nextCursor;
  }
  throw new WalletAuthError('PROTOCOL_ERROR', 'The account list did not end.');
}
