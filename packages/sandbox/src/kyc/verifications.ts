/**
 * `POST /verifications` applied to state (docs/protocol.md §14; docs/service-api.md, Events): the one
 * Verification of a customer is created by the first submission and updated by later ones.
 * Events, in order: `VERIFICATION.IN_PROGRESS` on the first submission; `VERIFICATION.<STATUS>`
 * for its outcome and afterwards whenever a submission changes the status or the errors; then
 * `CUSTOMER.KYC_*`/`KYB_*` when the customer's status changed.
 */
import { ApiError } from '../api-error.js';
import type { SandboxContext } from '../context.js';
import { serializeVerification } from '../serialize.js';
import type { CustomerRecord, VerificationRecord } from '../state/records.js';
import { emitCustomerStatus } from './customer-events.js';
import { customerStatusField, isFinalStatus } from './customer-status.js';
import { decideSubmission } from './submission.js';

function emitVerification(
  ctx: SandboxContext,
  verification: VerificationRecord,
  customer: CustomerRecord,
): void {
  ctx.events.emit(
    `VERIFICATION.${verification.verificationStatus}`,
    serializeVerification(verification, customer),
    customer.id,
  );
}

/**
 * Submits `customer` for verification. APPROVED and REJECTED are final: 400 `INVALID_INPUT`
 * (docs/service-api.md, "Additional 400 cases").
 */
export function submitVerification(
  ctx: SandboxContext,
  customer: CustomerRecord,
): VerificationRecord {
  if (isFinalStatus(customer.status)) {
    throw new ApiError(
      400,
      'INVALID_INPUT',
      `Customer verification is final (${customer.status})`,
      {
        details: {
          errors: [
            {
              field: 'customerId',
              message: `${customerStatusField(customer.customerType)} is ${customer.status}, a final status`,
            },
          ],
        },
      },
    );
  }
  const decision = decideSubmission(
    ctx.options.platform,
    customer,
    ctx.state.documentsOf(customer.id),
  );
  const now = ctx.state.now();
  let verification = ctx.state.verifications.get(customer.id);
  const first = verification === undefined;
  if (verification === undefined) {
    verification = {
      id: ctx.state.newId('Verification'),
      customerId: customer.id,
      verificationStatus: 'IN_PROGRESS',
      errors: [],
      createdAt: now,
      updatedAt: now,
    };
    ctx.state.verifications.set(customer.id, verification);
    emitVerification(ctx, verification, customer);
  }
  const changed =
    first ||
    verification.verificationStatus !== decision.verificationStatus ||
    JSON.stringify(verification.errors) !== JSON.stringify(decision.errors);
  if (changed) {
    verification.verificationStatus = decision.verificationStatus;
    verification.errors = decision.errors;
    verification.updatedAt = now;
  }
  for (const owner of customer.owners) {
    const status = decision.ownerStatuses.get(owner.id);
    if (status !== undefined && status !== owner.status) {
      owner.status = status;
      owner.updatedAt = now;
    }
  }
  const statusChanged = decision.customerStatus !== customer.status;
  if (statusChanged) {
    customer.status = decision.customerStatus;
    customer.updatedAt = now;
  }
  if (changed) {
    emitVerification(ctx, verification, customer);
  }
  if (statusChanged) {
    emitCustomerStatus(ctx, customer);
  }
  return verification;
}
