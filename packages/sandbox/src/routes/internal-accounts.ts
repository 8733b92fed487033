/**
 * Internal accounts (docs/protocol.md §11.6, §12): `GET /customers/internal-accounts` with every filter
 * of the interface and opaque cursor pagination, and `POST /internal-accounts` for RULE_BASED
 * accounts with a sweep rule, in USD, EUR, USDC or BTC and ACTIVE at once.
 */
import { Hono } from 'hono';
import { notFound } from '../api-error.js';
import type { SandboxContext } from '../context.js';
import { FieldErrors } from '../http/fields.js';
import { parseJsonObject, rawBody } from '../http/json-body.js';
import { listPage, readListQuery, readPaging } from '../http/list-query.js';
import { CURRENCIES, CURRENCY_CODES } from '../money/currencies.js';
import { serializeAccount } from '../serialize.js';
import { readSweepRule } from './sweep-rule.js';

const TYPES = ['INTERNAL_FIAT', 'INTERNAL_CRYPTO', 'EMBEDDED_WALLET', 'RULE_BASED'] as const;
const QUERY_NAMES = new Set(['currency', 'customerId', 'type', 'limit', 'cursor']);

/** The internal-accounts sub-app. */
export function internalAccountsRoutes(ctx: SandboxContext): Hono {
  const app = new Hono();

  app.get('/customers/internal-accounts', (c) => {
    const errors = new FieldErrors();
    const query = readListQuery(c, QUERY_NAMES, errors);
    const currency = errors.string(query, 'currency', {
      pattern: /^[A-Z0-9]{2,10}$/,
      message: 'Must be a currency code',
    });
    const customerId = errors.id(query, 'customerId', 'Customer', false);
    const type = errors.string(query, 'type', { enum: TYPES, message: 'Unknown account type' });
    const paging = readPaging(errors, query, 'InternalAccount');
    errors.throwIfAny();
    const matches = [...ctx.state.accounts.values()]
      .map((record) => ctx.state.settle(record))
      .filter(
        (record) =>
          (currency === undefined || record.currency.code === currency) &&
          (customerId === undefined || record.customerId === customerId) &&
          (type === undefined || record.type === type),
      );
    return c.json(listPage(matches, paging, serializeAccount));
  });

  app.post('/internal-accounts', async (c) => {
    const body = parseJsonObject(c, await rawBody(c))!;
    const errors = new FieldErrors();
    const customerId = errors.id(body, 'customerId', 'Customer', false);
    const currencyCode = errors.string(body, 'currency', {
      required: true,
      enum: CURRENCY_CODES,
      message: `Must be a supported currency code: ${CURRENCY_CODES.join(', ')}`,
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
      activeAtOnce: true, // §11.6: a RULE_BASED account is ACTIVE at creation
    });
    return c.json(serializeAccount(record), 201);
  });

  return app;
}
