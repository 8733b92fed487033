/**
 * `POST /verifications` `{customerId}` (docs/protocol.md §14): submits a customer for KYC/KYB
 * verification and answers 200 with its Verification `{id, customerId, verificationStatus,
 * errors, kycStatus|kybStatus, beneficialOwners?, createdAt, updatedAt}` (kyc/verifications.ts).
 */
import { Hono } from 'hono';
import { notFound } from '../api-error.js';
import type { SandboxContext } from '../context.js';
import { FieldErrors } from '../http/fields.js';
import { parseJsonObject, rawBody } from '../http/json-body.js';
import { submitVerification } from '../kyc/verifications.js';
import { serializeVerification } from '../serialize.js';

/** The verifications sub-app. */
export function verificationsRoutes(ctx: SandboxContext): Hono {
  const app = new Hono();
  app.post('/verifications', async (c) => {
    const body = parseJsonObject(c, await rawBody(c))!;
    const errors = new FieldErrors();
    const customerId = errors.id(body, 'customerId', 'Customer', true);
    errors.throwIfAny();
    const customer = ctx.state.customers.get(customerId!);
    if (customer === undefined) {
      throw notFound('Customer');
    }
    const verification = submitVerification(ctx, customer);
    return c.json(serializeVerification(verification, customer), 200);
  });
  return app;
}
