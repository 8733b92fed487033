/**
 * Sandbox-only helpers: `POST /sandbox/internal-accounts/{id}/fund` `{amount}` (docs/protocol.md §11.6:
 * credits an ACTIVE account at once, 200 InternalAccount, recorded as an INCOMING transaction)
 * and `GET /sandbox/events` (a project extension: the ordered event log, `?customerId=` and
 * `?type=` filters, each event as delivered plus its webhook `delivery` state when webhooks are
 * configured).
 */
import { Hono } from 'hono';
import { invalidField } from '../api-error.js';
import type { SandboxContext } from '../context.js';
import { FieldErrors } from '../http/fields.js';
import { parseJsonObject, rawBody } from '../http/json-body.js';
import { readListQuery } from '../http/list-query.js';
import { pathId } from '../http/path-id.js';
import { fundAccount } from '../quotes/ledger.js';
import { serializeAccount } from '../serialize.js';
import { existingAccount } from './lookup.js';

const EVENT_QUERY = new Set(['customerId', 'type']);

/** The sandbox tools sub-app. */
export function sandboxToolsRoutes(ctx: SandboxContext): Hono {
  const app = new Hono();

  app.post('/sandbox/internal-accounts/:id/fund', async (c) => {
    const id = pathId(c, 'id', 'InternalAccount');
    const body = parseJsonObject(c, await rawBody(c))!;
    const errors = new FieldErrors();
    const amount = errors.integer(body, 'amount', {
      required: true,
      min: 1,
      max: Number.MAX_SAFE_INTEGER,
    });
    errors.throwIfAny();
    const account = existingAccount(ctx, id);
    if (account.status !== 'ACTIVE') {
      throw invalidField(
        'id',
        `The account is ${account.status}; only ACTIVE accounts receive funds`,
      );
    }
    fundAccount(ctx, account, amount!);
    return c.json(serializeAccount(account));
  });

  app.get('/sandbox/events', (c) => {
    const errors = new FieldErrors();
    const query = readListQuery(c, EVENT_QUERY, errors);
    const customerId = errors.id(query, 'customerId', 'Customer', false);
    const type = errors.string(query, 'type', { minLength: 1, maxLength: 100 });
    errors.throwIfAny();
    const entries = ctx.events.list({
      ...(customerId === undefined ? {} : { customerId }),
      ...(type === undefined ? {} : { type }),
    });
    return c.json({
      data: entries.map((entry) => ({
        ...entry.event,
        ...(entry.delivery === undefined ? {} : { delivery: { ...entry.delivery } }),
      })),
    });
  });

  return app;
}
