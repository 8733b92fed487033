/**
 * Internal accounts (wire-format §11.6, §12): `GET /customers/internal-accounts` with every filter
 * of the interface and opaque cursor pagination, and `POST /internal-accounts` for RULE_BASED
 * accounts with a sweep rule.
 */
import { Hono } from 'hono';
import { notFound } from '../api-error.js';
import type { SandboxContext } from '../context.js';
import { FieldErrors } from '../http/fields.js';
import { parseJsonObject, rawBody } from '../http/json-body.js';
import { serializeAccount } from '../serialize.js';
import type { InternalAccountRecord } from '../state/records.js';
import { CURRENCIES } from '../state/sandbox-state.js';
import { readSweepRule } from './sweep-rule.js';

const TYPES = ['INTERNAL_FIAT', 'INTERNAL_CRYPTO', 'EMBEDDED_WALLET', 'RULE_BASED'] as const;
const QUERY_NAMES = new Set(['currency', 'customerId', 'type', 'limit', 'cursor']);

function encodeCursor(record: InternalAccountRecord): string {
  const raw = JSON.stringify([record.createdAt, record.id]);
  return btoa(raw).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function decodeCursor(cursor: string): [number, string] | undefined {
  try {
    if (!/^[A-Za-z0-9_-]+$/.test(cursor)) {
      return undefined;
    }
    const value: unknown = JSON.parse(atob(cursor.replace(/-/g, '+').replace(/_/g, '/')));
    if (
      Array.isArray(value) &&
      value.length === 2 &&
      typeof value[0] === 'number' &&
      typeof value[1] === 'string'
    ) {
      return [value[0], value[1]];
    }
  } catch {
    // Falls through to "invalid cursor".
  }
  return undefined;
}

function compare(a: InternalAccountRecord, b: InternalAccountRecord): number {
  return a.createdAt - b.createdAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/** The internal-accounts sub-app. */
export function internalAccountsRoutes(ctx: SandboxContext): Hono {
  const app = new Hono();

  app.get('/customers/internal-accounts', (c) => {
    const url = new URL(c.req.url);
    const errors = new FieldErrors();
    for (const name of new Set(url.searchParams.keys())) {
      if (!QUERY_NAMES.has(name)) {
        errors.add(name, 'Unknown query parameter');
      } else if (url.searchParams.getAll(name).length > 1) {
        errors.add(name, 'Must be given at most once');
      }
    }
    const query = Object.fromEntries(url.searchParams.entries());
    const currency = errors.string(query, 'currency', {
      pattern: /^[A-Z0-9]{2,10}$/,
      message: 'Must be a currency code',
    });
    const customerId = errors.id(query, 'customerId', 'Customer', false);
    const type = errors.string(query, 'type', { enum: TYPES, message: 'Unknown account type' });
    let limit = 20;
    if (query.limit !== undefined) {
      limit = /^\d{1,3}$/.test(query.limit) ? Number(query.limit) : Number.NaN;
      if (!(limit >= 1 && limit <= 100)) {
        errors.add('limit', 'Must be an integer from 1 to 100');
      }
    }
    const cursor = query.cursor === undefined ? undefined : decodeCursor(query.cursor);
    if (query.cursor !== undefined && cursor === undefined) {
      errors.add('cursor', 'Not a cursor returned by this endpoint');
    }
    errors.throwIfAny();
    const matches = [...ctx.state.accounts.values()]
      .map((record) => ctx.state.settle(record))
      .filter(
        (record) =>
          (currency === undefined || record.currency.code === currency) &&
          (customerId === undefined || record.customerId === customerId) &&
          (type === undefined || record.type === type),
      )
      .sort(compare);
    const start =
      cursor === undefined
        ? 0
        : matches.findIndex(
            (r) => r.createdAt > cursor[0] || (r.createdAt === cursor[0] && r.id > cursor[1]),
          );
    const page = start < 0 ? [] : matches.slice(start, start + limit);
    const hasMore = start >= 0 && start + limit < matches.length;
    const last = page.at(-1);
    return c.json({
      data: page.map(serializeAccount),
      hasMore,
      ...(hasMore && last !== undefined ? { nextCursor: encodeCursor(last) } : {}),
      totalCount: matches.length,
    });
  });

  app.post('/internal-accounts', async (c) => {
    const body = parseJsonObject(c, await rawBody(c))!;
    const errors = new FieldErrors();
    const customerId = errors.id(body, 'customerId', 'Customer', false);
    const currencyCode = errors.string(body, 'currency', {
      required: true,
      enum: Object.keys(CURRENCIES),
      message: 'Must be a supported currency code',
    });
    const label = errors.string(body, 'label', { minLength: 1, maxLength: 255 });
    const sweep = errors.object(body, 'sweepRule', true);
    const rule = sweep === undefined ? undefined : readSweepRule(errors, sweep, currencyCode);
    errors.throwIfAny();
    if (customerId !== undefined && !ctx.state.customers.has(customerId)) {
      throw notFound('Customer');
    }
    const destination = ctx.state.accounts.get(rule!.destinationAccountId);
    if (destination === undefined) {
      throw notFound('Destination internal account');
    }
    const currency = CURRENCIES[currencyCode!]!;
    const record = ctx.state.createAccount({
      ...(customerId === undefined ? {} : { customerId }),
      type: 'RULE_BASED',
      currency,
      label: label ?? null,
      sweepRule: rule!.render(currency),
    });
    return c.json(serializeAccount(record), 201);
  });

  return app;
}
