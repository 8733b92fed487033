/**
 * Customers (docs/protocol.md §11.6): `POST /customers`, `GET /customers/{customerId}` and
 * `PATCH /customers/{customerId}`, whose contact change on a customer with tied OTP credentials
 * is a signed retry that syncs the credentials' nicknames atomically (one signed contact change
 * per call). A PATCH of the suffix-bearing field re-derives the verification status before the
 * first submission (§14 rule 1).
 */
import { type Context, Hono } from 'hono';
import { invalidInput, notFound } from '../api-error.js';
import { authorisingSession } from '../auth/sessions.js';
import type { SandboxContext } from '../context.js';
import { readCustomerInput } from '../customers/customer-fields.js';
import { provisionCustomer } from '../customers/provision.js';
import { parseJsonObject, rawBody } from '../http/json-body.js';
import { pathId } from '../http/path-id.js';
import { emitCustomerStatus } from '../kyc/customer-events.js';
import { statusAfterUpdate } from '../kyc/customer-status.js';
import { checkOwnerIds, type OwnerInput, replaceOwners } from '../kyc/owners.js';
import { suffixBearingValue } from '../kyc/suffix-rules.js';
import { serializeCustomer } from '../serialize.js';
import { activityPayload } from '../signed-retry/activity-payload.js';
import { resumeSignedRetry, runSignedRetry } from '../signed-retry/signed-retry.js';
import type { CredentialRecord, CustomerRecord, InternalAccountRecord } from '../state/records.js';

type ContactChange = {
  kind: 'email' | 'phone';
  value: string;
  tied: CredentialRecord[];
  wallets: InternalAccountRecord[];
};

function findCustomer(ctx: SandboxContext, c: Context): CustomerRecord {
  const customer = ctx.state.customers.get(pathId(c, 'customerId', 'Customer'));
  if (customer === undefined) {
    throw notFound('Customer');
  }
  return customer;
}

/**
 * The contact change that needs a signature, if any: a changed `email` with tied EMAIL_OTP
 * credentials, or a changed `phoneNumber` with tied SMS_OTP ones (§11.6). Two such changes never
 * get here ({@link refuseTwoContactChanges}).
 */
function contactChange(
  ctx: SandboxContext,
  customer: CustomerRecord,
  fields: Record<string, unknown>,
): ContactChange | undefined {
  for (const [kind, field, type] of [
    ['email', 'email', 'EMAIL_OTP'],
    ['phone', 'phoneNumber', 'SMS_OTP'],
  ] as const) {
    const value = fields[field];
    if (typeof value !== 'string' || value === customer.fields[field]) {
      continue;
    }
    const tied = tiedCredentials(ctx, customer, type);
    if (tied.length > 0) {
      const wallets = ctx.state
        .walletsOf(customer.id)
        .filter((wallet) => tied.some((cred) => cred.accountId === wallet.id));
      return { kind, value, tied, wallets };
    }
  }
  return undefined;
}

/** The OTP credentials of `type` on the customer's wallets, whose nickname is the contact. */
function tiedCredentials(
  ctx: SandboxContext,
  customer: CustomerRecord,
  type: 'EMAIL_OTP' | 'SMS_OTP',
): CredentialRecord[] {
  return ctx.state
    .walletsOf(customer.id)
    .flatMap((wallet) => ctx.state.credentialsOf(wallet.id))
    .filter((credential) => credential.type === type);
}

/**
 * §11.6: one signed contact change per call. A body that changes both `email` and `phoneNumber`
 * (changed = sent, not null, and different from the stored value as sent, no normalisation) when
 * either change needs a signature is 400 `INVALID_INPUT` with an error for each field, checked
 * before anything else in the body, so nothing is applied and no challenge is issued.
 */
function refuseTwoContactChanges(
  ctx: SandboxContext,
  customer: CustomerRecord,
  body: Record<string, unknown>,
): void {
  const changed = (field: string) =>
    body[field] !== undefined && body[field] !== null && body[field] !== customer.fields[field];
  if (!changed('email') || !changed('phoneNumber')) {
    return;
  }
  const signed =
    tiedCredentials(ctx, customer, 'EMAIL_OTP').length > 0 ||
    tiedCredentials(ctx, customer, 'SMS_OTP').length > 0;
  if (!signed) {
    return;
  }
  const message =
    'email and phoneNumber cannot both change in one call while either change needs a wallet signature; change them in two calls';
  throw invalidInput([
    { field: 'email', message },
    { field: 'phoneNumber', message },
  ]);
}

/**
 * Applies a validated update: plain fields, the owner list when sent (kyc/owners.ts), and rule 1's
 * re-derivation of the status, emitting `CUSTOMER.KYC_*`/`KYB_*` when it changes (§14).
 */
function applyUpdate(
  ctx: SandboxContext,
  customer: CustomerRecord,
  update: { fields: Record<string, unknown>; owners: OwnerInput[] | undefined },
  change?: ContactChange,
) {
  const now = ctx.state.now();
  const previousSuffixValue = suffixBearingValue(customer);
  Object.assign(customer.fields, update.fields);
  if (update.owners !== undefined) {
    customer.owners = replaceOwners(ctx, customer, update.owners);
  }
  const before = customer.status;
  customer.status = statusAfterUpdate(ctx.options.platform, customer, {
    previousSuffixValue,
    submitted: ctx.state.verifications.has(customer.id),
  });
  customer.updatedAt = now;
  for (const credential of change?.tied ?? []) {
    credential.nickname = change!.value;
    credential.updatedAt = now;
  }
  if (customer.status !== before) {
    emitCustomerStatus(ctx, customer);
  }
}

/** The customers sub-app. */
export function customersRoutes(ctx: SandboxContext): Hono {
  const app = new Hono();

  app.post('/customers', async (c) => {
    const body = parseJsonObject(c, await rawBody(c))!;
    const input = readCustomerInput(body, { partial: false, now: ctx.state.now() });
    const { customer } = provisionCustomer(ctx, { ...input, customerType: input.customerType! });
    return c.json(serializeCustomer(customer), 201);
  });

  app.get('/customers/:customerId', (c) => c.json(serializeCustomer(findCustomer(ctx, c))));

  app.patch('/customers/:customerId', async (c) => {
    const bodyBytes = await rawBody(c);
    const resumed = resumeSignedRetry(ctx, c, bodyBytes);
    if (resumed !== undefined) {
      return resumed;
    }
    const customer = findCustomer(ctx, c);
    const body = parseJsonObject(c, bodyBytes)!;
    refuseTwoContactChanges(ctx, customer, body);
    const { beneficialOwners, ...fields } = readCustomerInput(body, {
      partial: true,
      now: ctx.state.now(),
      existingType: customer.customerType,
    }).fields;
    const owners = beneficialOwners as OwnerInput[] | undefined;
    if (owners !== undefined) {
      checkOwnerIds(customer, owners);
    }
    const update = { fields, owners };
    const change = contactChange(ctx, customer, fields);
    if (change === undefined) {
      applyUpdate(ctx, customer, update);
      return c.json(serializeCustomer(customer));
    }
    const wallet = change.wallets[0]!.wallet!;
    return runSignedRetry(ctx, c, {
      template: 'PATCH /customers/{customerId}',
      bodyBytes,
      challenge: () => ({
        accountId: change.wallets[0]!.id,
        payloadToSign: activityPayload({
          type:
            change.kind === 'email'
              ? 'ACTIVITY_TYPE_UPDATE_USER_EMAIL'
              : 'ACTIVITY_TYPE_UPDATE_USER_PHONE_NUMBER',
          organizationId: wallet.organizationId,
          parameters:
            change.kind === 'email'
              ? { userEmail: change.value, userId: wallet.userId }
              : { userId: wallet.userId, userPhoneNumber: change.value },
          timestampMs: ctx.state.nextTimestampMs(),
        }),
      }),
      // A session on any tied wallet may sign (§11.1).
      authorize: (signer) => {
        if (signer.legacy) {
          return undefined;
        }
        let reason = 'Signing key is not authorised for this customer';
        for (const tiedWallet of change.wallets) {
          const found = authorisingSession(ctx, tiedWallet.id, signer.publicKey);
          if ('session' in found) {
            return undefined;
          }
          reason = found.reason;
        }
        return reason;
      },
      commit: () => {
        applyUpdate(ctx, customer, update, change);
        return { status: 200, body: serializeCustomer(customer) };
      },
    });
  });

  return app;
}
