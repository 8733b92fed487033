import { ApiError } from '../api-error.js';
import { canonicalId, sameId } from '../ids.js';
import type { PathOwnership } from '../routes/route-table.js';
import type { OwnershipCache, QuoteLedger } from '../stores/stores.js';
import type { ProxyUser } from '../types.js';
import type { UpstreamClient } from '../upstream/upstream-client.js';

/** Answers whether a path id belongs to the signed-in user (reliability catalogue BFF-05). */
export interface OwnershipChecker {
  /** `fresh` re-reads the upstream list even when a cached copy would say yes (revokes). */
  owns(
    user: ProxyUser,
    kind: PathOwnership,
    id: string,
    options: { fresh: boolean },
  ): Promise<boolean>;
}

const LIST_TEMPLATES = { credential: '/auth/credentials', session: '/auth/sessions' } as const;

function idsOf(body: Uint8Array): ReadonlySet<string> | undefined {
  try {
    const parsed = JSON.parse(new TextDecoder().decode(body)) as { data?: unknown };
    if (!Array.isArray(parsed.data)) {
      return undefined;
    }
    const ids = parsed.data
      .map((item: unknown) =>
        typeof item === 'object' && item !== null ? (item as { id?: unknown }).id : undefined,
      )
      .filter((id): id is string => typeof id === 'string' && id.includes(':'))
      .map(canonicalId);
    return new Set(ids);
  } catch {
    return undefined;
  }
}

/**
 * Creates the checker: the wallet and customer compare with the user's own ids; credentials
 * and sessions are looked up in the upstream's GET lists for the user's account, the list kept
 * in the {@link OwnershipCache} for `cacheMs` and trusted for a "yes" only, except where `fresh`
 * is asked; quotes in the {@link QuoteLedger}.
 */
export function createOwnershipChecker(deps: {
  upstream: UpstreamClient;
  quotes: QuoteLedger;
  cache: OwnershipCache;
  cacheMs: number;
}): OwnershipChecker {
  const cacheKey = (kind: 'credential' | 'session', accountId: string) =>
    `${kind} ${canonicalId(accountId)}`;

  async function readList(
    kind: 'credential' | 'session',
    accountId: string,
  ): Promise<ReadonlySet<string>> {
    const response = await deps.upstream.send({
      method: 'GET',
      template: LIST_TEMPLATES[kind],
      query: new URLSearchParams({ accountId }),
    });
    const ids = response.status === 200 ? idsOf(response.body) : undefined;
    if (ids === undefined) {
      throw new ApiError(
        502,
        'UPSTREAM_ERROR',
        `Could not read the ${kind} list to check ownership`,
      );
    }
    if (deps.cacheMs > 0) {
      await deps.cache.set(cacheKey(kind, accountId), [...ids], deps.cacheMs);
    }
    return ids;
  }

  return {
    async owns(user, kind, id, options) {
      switch (kind) {
        case 'wallet': {
          return sameId(id, user.accountId);
        }
        case 'customer': {
          return sameId(id, user.customerId);
        }
        case 'quote': {
          return await deps.quotes.has(user.userId, id);
        }
        case 'credential':
        case 'session': {
          const wanted = canonicalId(id);
          if (!options.fresh && deps.cacheMs > 0) {
            const cached = await deps.cache.get(cacheKey(kind, user.accountId));
            if (cached?.includes(wanted) === true) {
              return true;
            }
          }
          return (await readList(kind, user.accountId)).has(wanted);
        }
        default: {
          return kind satisfies never;
        }
      }
    },
  };
}
