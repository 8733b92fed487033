/**
 * Query strings and paging of the list endpoints (docs/protocol.md §12, the internal-account list):
 * unknown or repeated parameters are 400; `limit` 1–100 (default 20); records in `createdAt`,
 * `id` order; an opaque base64url cursor naming the last record of a page, accepted only by the
 * list of that record's kind; `nextCursor` only when `hasMore`; `totalCount` always.
 */
import type { Context } from 'hono';
import { isId, type ResourceName } from '../ids.js';
import type { FieldErrors } from './fields.js';

/** A record a list can page over. */
export interface Pageable {
  id: string;
  createdAt: number;
}

/** `limit` and the position after which the page starts. */
export interface Paging {
  limit: number;
  after: [createdAt: number, id: string] | undefined;
}

/** The query parameters, each given at most once and all in `allowed` (else recorded errors). */
export function readListQuery(
  c: Context,
  allowed: ReadonlySet<string>,
  errors: FieldErrors,
): Record<string, string> {
  const url = new URL(c.req.url);
  for (const name of new Set(url.searchParams.keys())) {
    if (!allowed.has(name)) {
      errors.add(name, 'Unknown query parameter');
    } else if (url.searchParams.getAll(name).length > 1) {
      errors.add(name, 'Must be given at most once');
    }
  }
  return Object.fromEntries(url.searchParams.entries());
}

function encodeCursor(record: Pageable): string {
  const raw = JSON.stringify([record.createdAt, record.id]);
  return btoa(raw).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function decodeCursor(cursor: string, resource: ResourceName): Paging['after'] {
  try {
    if (!/^[A-Za-z0-9_-]+$/.test(cursor)) {
      return undefined;
    }
    const value: unknown = JSON.parse(atob(cursor.replace(/-/g, '+').replace(/_/g, '/')));
    if (
      Array.isArray(value) &&
      value.length === 2 &&
      typeof value[0] === 'number' &&
      isId(value[1], resource)
    ) {
      return [value[0], value[1]];
    }
  } catch {
    // Falls through to "invalid cursor".
  }
  return undefined;
}

/** Reads `limit` and `cursor` (a cursor of another list's records is refused). */
export function readPaging(
  errors: FieldErrors,
  query: Record<string, string>,
  resource: ResourceName,
): Paging {
  let limit = 20;
  if (query.limit !== undefined) {
    limit = /^\d{1,3}$/.test(query.limit) ? Number(query.limit) : Number.NaN;
    if (!(limit >= 1 && limit <= 100)) {
      errors.add('limit', 'Must be an integer from 1 to 100');
    }
  }
  const after = query.cursor === undefined ? undefined : decodeCursor(query.cursor, resource);
  if (query.cursor !== undefined && after === undefined) {
    errors.add('cursor', 'Not a cursor returned by this endpoint');
  }
  return { limit, after };
}

function compare(a: Pageable, b: Pageable): number {
  return a.createdAt - b.createdAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/** One page of `matches` (any order) as the list response `{data, hasMore, nextCursor?, totalCount}`. */
export function listPage<T extends Pageable>(
  matches: T[],
  paging: Paging,
  serialize: (record: T) => Record<string, unknown>,
): Record<string, unknown> {
  const sorted = [...matches].sort(compare);
  const after = paging.after;
  const start =
    after === undefined
      ? 0
      : sorted.findIndex(
          (r) => r.createdAt > after[0] || (r.createdAt === after[0] && r.id > after[1]),
        );
  const page = start < 0 ? [] : sorted.slice(start, start + paging.limit);
  const hasMore = start >= 0 && start + paging.limit < sorted.length;
  const last = page.at(-1);
  return {
    data: page.map(serialize),
    hasMore,
    ...(hasMore && last !== undefined ? { nextCursor: encodeCursor(last) } : {}),
    totalCount: sorted.length,
  };
}
