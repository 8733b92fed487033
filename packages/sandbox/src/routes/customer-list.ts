/**
 * The customer list, `GET /customers` (docs/protocol.md §11.7): filters `platformCustomerId`
 * (exact), `customerType`, `createdAfter`/`createdBefore` and `updatedAfter`/`updatedBefore`
 * (ISO 8601 date-times, inclusive bounds), paged oldest first as the internal-account list
 * (§12). The service's `region`, `currency`, `umaAddress` and `isIncludingDeleted` are refused
 * with 400 "Not served by the emulator" rather than ignored: a caller relying on them would
 * otherwise read an unfiltered page as a filtered one.
 */
import { Hono } from 'hono';
import type { SandboxContext } from '../context.js';
import { CUSTOMER_TYPES } from '../customers/customer-fields.js';
import { FieldErrors } from '../http/fields.js';
import { isWithin, listPage, readDateTime, readListQuery, readPaging } from '../http/list-query.js';
import { serializeCustomer } from '../serialize.js';
import type { CustomerRecord } from '../state/records.js';

const QUERY_NAMES = new Set([
  'platformCustomerId',
  'customerType',
  'createdAfter',
  'createdBefore',
  'updatedAfter',
  'updatedBefore',
  'limit',
  'cursor',
]);
const UNSERVED_NAMES = new Set(['region', 'currency', 'umaAddress', 'isIncludingDeleted']);

/** The customer-list sub-app (mounted before `GET /customers/{customerId}`). */
export function customerListRoutes(ctx: SandboxContext): Hono {
  const app = new Hono();

  app.get('/customers', (c) => {
    const errors = new FieldErrors();
    const query = readListQuery(c, QUERY_NAMES, errors, UNSERVED_NAMES);
    const platformCustomerId = errors.string(query, 'platformCustomerId', {
      minLength: 1,
      maxLength: 255,
    });
    const customerType = errors.string(query, 'customerType', {
      enum: CUSTOMER_TYPES,
      message: `Must be one of ${CUSTOMER_TYPES.join(', ')}`,
    });
    const createdAfter = readDateTime(errors, query, 'createdAfter');
    const createdBefore = readDateTime(errors, query, 'createdBefore');
    const updatedAfter = readDateTime(errors, query, 'updatedAfter');
    const updatedBefore = readDateTime(errors, query, 'updatedBefore');
    const paging = readPaging(errors, query, 'Customer');
    errors.throwIfAny();
    const matches = [...ctx.state.customers.values()].filter(
      (record: CustomerRecord) =>
        (platformCustomerId === undefined ||
          record.fields.platformCustomerId === platformCustomerId) &&
        (customerType === undefined || record.customerType === customerType) &&
        isWithin(record.createdAt, createdAfter, createdBefore) &&
        isWithin(record.updatedAt, updatedAfter, updatedBefore),
    );
    return c.json(listPage(matches, paging, serializeCustomer));
  });

  return app;
}
