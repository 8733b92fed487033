/**
 * Transactions (package README, "Transactions"): `GET /transactions` and
 * `GET /transactions/{transactionId}` over every movement of funds the emulator records — quote
 * executes, the deprecated transfers and sandbox funding. The list filters on `customerId` and
 * `accountId` (either side matches) and pages exactly as the internal-account list (docs/protocol.md
 * §12); a well-formed but unknown filter id gives an empty page, an unknown path id 404 (§1).
 */
import { Hono } from 'hono';
import { notFound } from '../api-error.js';
import type { SandboxContext } from '../context.js';
import { FieldErrors } from '../http/fields.js';
import { listPage, readListQuery, readPaging } from '../http/list-query.js';
import { pathId } from '../http/path-id.js';
import { serializeTransaction } from '../serialize.js';
import type { TransactionRecord } from '../state/records.js';

const QUERY_NAMES = new Set(['customerId', 'accountId', 'limit', 'cursor']);

function involves(
  record: TransactionRecord,
  match: (side: TransactionRecord['destination']) => boolean,
) {
  return (record.source !== undefined && match(record.source)) || match(record.destination);
}

/** The transactions sub-app. */
export function transactionsRoutes(ctx: SandboxContext): Hono {
  const app = new Hono();

  app.get('/transactions', (c) => {
    const errors = new FieldErrors();
    const query = readListQuery(c, QUERY_NAMES, errors);
    const customerId = errors.id(query, 'customerId', 'Customer', false);
    const accountId = errors.id(query, 'accountId', 'InternalAccount', false);
    const paging = readPaging(errors, query, 'Transaction');
    errors.throwIfAny();
    const matches = [...ctx.state.transactions.values()].filter(
      (record) =>
        (customerId === undefined || involves(record, (side) => side.customerId === customerId)) &&
        (accountId === undefined || involves(record, (side) => side.accountId === accountId)),
    );
    return c.json(listPage(matches, paging, serializeTransaction));
  });

  app.get('/transactions/:transactionId', (c) => {
    const record = ctx.state.transactions.get(pathId(c, 'transactionId', 'Transaction'));
    if (record === undefined) {
      throw notFound('Transaction');
    }
    return c.json(serializeTransaction(record));
  });

  return app;
}
