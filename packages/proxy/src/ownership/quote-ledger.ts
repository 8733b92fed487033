import { canonicalId } from '../ids.js';
import type { QuoteLedger } from '../types.js';

/**
 * In-memory {@link QuoteLedger}: the last `maxPerUser` quotes each user created through the
 * proxy (wire-format §11.6), so `POST /quotes/{quoteId}/execute` only reaches the user's own
 * quotes. Lost on restart; pass a durable ledger to survive one (BFF-28).
 */
export function createMemoryQuoteLedger(
  options: { maxPerUser?: number; maxUsers?: number } = {},
): QuoteLedger {
  const maxPerUser = options.maxPerUser ?? 100;
  const maxUsers = options.maxUsers ?? 10_000;
  const byUser = new Map<string, string[]>();
  return {
    record(userId, quoteId) {
      const quotes = byUser.get(userId) ?? [];
      byUser.delete(userId);
      quotes.push(canonicalId(quoteId));
      byUser.set(userId, quotes.slice(-maxPerUser));
      if (byUser.size > maxUsers) {
        const oldest = byUser.keys().next().value;
        if (oldest !== undefined) {
          byUser.delete(oldest);
        }
      }
    },
    has(userId, quoteId) {
      return byUser.get(userId)?.includes(canonicalId(quoteId)) ?? false;
    },
  };
}
