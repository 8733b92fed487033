import { Hono } from 'hono';
import { type FieldError, invalidInput } from '../api-error.js';
import { isId } from '../ids.js';
import type { InternalAccountRecord, SandboxState } from '../state.js';

const TYPES = ['INTERNAL_FIAT', 'INTERNAL_CRYPTO', 'EMBEDDED_WALLET', 'RULE_BASED'] as const;
const QUERY_NAMES = new Set(['currency', 'customerId', 'type', 'limit', 'cursor']);

/** The InternalAccount record exactly as the interface's table lists it. */
export function serializeAccount(record: InternalAccountRecord): Record<string, unknown> {
  const amount = (value: number) => ({ amount: value, currency: record.currency });
  return {
    id: record.id,
    ...(record.customerId === undefined ? {} : { customerId: record.customerId }),
    type: record.type,
    status: record.status,
    balance: amount(record.balance),
    totalBalance: amount(record.balance + record.pending),
    fundingPaymentInstructions: record.fundingPaymentInstructions,
    label: record.label,
    sweepRule: record.type === 'RULE_BASED' ? record.sweepRule : null,
    ...(record.type === 'EMBEDDED_WALLET' ? { privateEnabled: record.privateEnabled } : {}),
    createdAt: new Date(record.createdAt).toISOString(),
    updatedAt: new Date(record.updatedAt).toISOString(),
  };
}

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

/** `GET /customers/internal-accounts` — filters, cursor pagination (wire-format §12). */
export function internalAccountsRoutes(state: SandboxState): Hono {
  const app = new Hono();
  app.get('/customers/internal-accounts', (c) => {
    const url = new URL(c.req.url);
    const errors: FieldError[] = [];
    for (const name of new Set(url.searchParams.keys())) {
      if (!QUERY_NAMES.has(name)) {
        errors.push({ field: name, message: 'Unknown query parameter' });
      } else if (url.searchParams.getAll(name).length > 1) {
        errors.push({ field: name, message: 'Must be given at most once' });
      }
    }
    const currency = url.searchParams.get('currency');
    const customerId = url.searchParams.get('customerId');
    const type = url.searchParams.get('type');
    const limitText = url.searchParams.get('limit');
    const cursorText = url.searchParams.get('cursor');
    if (currency !== null && !/^[A-Z0-9]{2,10}$/.test(currency)) {
      errors.push({
        field: 'currency',
        constraint: { pattern: '^[A-Z0-9]{2,10}$' },
        message: 'Must be a currency code',
      });
    }
    if (customerId !== null && !isId(customerId, 'Customer')) {
      errors.push({
        field: 'customerId',
        constraint: { pattern: '^Customer:[0-9a-fA-F-]{36}$' },
        message: 'Must be a Customer id',
      });
    }
    if (type !== null && !(TYPES as readonly string[]).includes(type)) {
      errors.push({ field: 'type', constraint: { enum: [...TYPES] }, message: 'Unknown account type' });
    }
    let limit = 20;
    if (limitText !== null) {
      limit = /^\d{1,3}$/.test(limitText) ? Number(limitText) : Number.NaN;
      if (!(limit >= 1 && limit <= 100)) {
        errors.push({ field: 'limit', message: 'Must be an integer from 1 to 100' });
      }
    }
    const cursor = cursorText === null ? undefined : decodeCursor(cursorText);
    if (cursorText !== null && cursor === undefined) {
      errors.push({ field: 'cursor', message: 'Not a cursor returned by this endpoint' });
    }
    if (errors.length > 0) {
      throw invalidInput(errors);
    }
    const matches = [...state.accounts.values()]
      .map((record) => state.settle(record))
      .filter(
        (record) =>
          (currency === null || record.currency.code === currency) &&
          (customerId === null || record.customerId === customerId.toLowerCase().replace(/^customer:/, 'Customer:')) &&
          (type === null || record.type === type),
      )
      .sort(compare);
    const start =
      cursor === undefined
        ? 0
        : matches.findIndex((r) => r.createdAt > cursor[0] || (r.createdAt === cursor[0] && r.id > cursor[1]));
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
  return app;
}
