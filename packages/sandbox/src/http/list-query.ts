/**
 * Query strings and paging of the list endpoints (docs/protocol.md §12, the internal-account list):
 * unknown or repeated parameters are 400, and so are the service's parameters the emulator does
 * not serve (§11.7: answered, never silently ignored); `limit` 1–100 (default 20); records in
 * `createdAt`, `id` order, oldest first unless the list takes `sortOrder`; an opaque base64url
 * cursor naming the last record of a page, accepted only by the list of that record's kind;
 * `nextCursor` only when `hasMore`; `totalCount` always.
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

/** Order of a list page: `asc` oldest first, `desc` newest first. */
export type SortOrder = 'asc' | 'desc';

/** The message of a parameter the service defines and the emulator does not serve (§11.7). */
export const NOT_SERVED = 'Not served by the emulator';

/**
 * The query parameters, each given at most once and all in `allowed` (else recorded errors);
 * a name in `unserved` is one of the service's that the emulator refuses rather than ignores.
 */
export function readListQuery(
  c: Context,
  allowed: ReadonlySet<string>,
  errors: FieldErrors,
  unserved: ReadonlySet<string> = new Set(),
): Record<string, string> {
  const url = new URL(c.req.url);
  for (const name of new Set(url.searchParams.keys())) {
    if (unserved.has(name)) {
      errors.add(name, NOT_SERVED);
    } else if (!allowed.has(name)) {
      errors.add(name, 'Unknown query parameter');
    } else if (url.searchParams.getAll(name).length > 1) {
      errors.add(name, 'Must be given at most once');
    }
  }
  return Object.fromEntries(url.searchParams.entries());
}

const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?(Z|[+-](\d{2}):(\d{2}))$/;

/**
 * An RFC 3339 date-time (`2026-01-01T00:00:00Z`, offsets and fractions allowed) as epoch ms, or
 * `undefined` for anything else, including dates that do not exist (2026-02-30, hour 24).
 * Fractions below a millisecond are dropped.
 */
export function parseDateTime(text: string): number | undefined {
  const match = DATE_TIME.exec(text);
  if (match === null) {
    return undefined;
  }
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map(Number) as number[];
  const offsetSign = match[8]!.startsWith('-') ? -1 : 1;
  const offsetHours = Number(match[9] ?? 0);
  const offsetMinutes = Number(match[10] ?? 0);
  const local = Date.UTC(year!, month! - 1, day!, hour!, minute!, second!);
  const check = new Date(local);
  if (
    check.getUTCFullYear() !== year ||
    check.getUTCMonth() !== month! - 1 ||
    check.getUTCDate() !== day ||
    hour! > 23 ||
    minute! > 59 ||
    second! > 59 ||
    offsetHours > 23 ||
    offsetMinutes > 59
  ) {
    return undefined;
  }
  const millis = Number((match[7] ?? '0').padEnd(3, '0').slice(0, 3));
  return local + millis - offsetSign * (offsetHours * 60 + offsetMinutes) * 60_000;
}

/** A date-time query parameter as epoch ms (else a recorded error naming it). */
export function readDateTime(
  errors: FieldErrors,
  query: Record<string, string>,
  name: string,
): number | undefined {
  const text = query[name];
  if (text === undefined) {
    return undefined;
  }
  const time = parseDateTime(text);
  if (time === undefined) {
    errors.add(name, 'Must be an ISO 8601 date-time, e.g. 2026-01-01T00:00:00Z', {
      format: 'date-time',
    });
  }
  return time;
}

/** True when `time` lies within inclusive bounds (either may be absent). */
export function isWithin(time: number, from: number | undefined, to: number | undefined): boolean {
  return (from === undefined || time >= from) && (to === undefined || time <= to);
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

/** Oldest first: `createdAt`, then `id`. */
function compare(a: [createdAt: number, id: string], b: [createdAt: number, id: string]): number {
  return a[0] - b[0] || (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0);
}

/**
 * One page of `matches` (any order) as the list response `{data, hasMore, nextCursor?, totalCount}`,
 * in `order` (a cursor continues after its record in the order asked for).
 */
export function listPage<T extends Pageable>(
  matches: T[],
  paging: Paging,
  serialize: (record: T) => Record<string, unknown>,
  order: SortOrder = 'asc',
): Record<string, unknown> {
  const sign = order === 'asc' ? 1 : -1;
  const key = (record: Pageable): [number, string] => [record.createdAt, record.id];
  const sorted = [...matches].sort((a, b) => sign * compare(key(a), key(b)));
  const after = paging.after;
  const start =
    after === undefined ? 0 : sorted.findIndex((r) => sign * compare(key(r), after) > 0);
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
