/**
 * Finding or creating the customer of an app user with the platform credentials, and the
 * EMBEDDED_WALLET account the service provisions with it (docs/protocol.md §11.6, §11.7).
 */
import { ApiError } from '../api-error.js';
import { isResourceId } from '../ids.js';
import type { UpstreamClient, UpstreamResponse } from '../upstream/upstream-client.js';

/** The customer fields a binding may pass on to `POST /customers` besides the defaults. */
export interface CustomerDetails {
  /** @defaultValue 'INDIVIDUAL' */
  customerType?: 'INDIVIDUAL' | 'BUSINESS';
  /** Gives the wallet its EMAIL_OTP credential. */
  email?: string;
  /** E.164; gives the wallet an SMS_OTP credential where the platform enables it. */
  phoneNumber?: string;
  fullName?: string;
  /** Any other member of the service's customer create body. */
  [field: string]: unknown;
}

function jsonOf(response: UpstreamResponse): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(new TextDecoder().decode(response.body));
    return typeof value === 'object' && value !== null
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/** The service's own 4xx envelope, re-thrown as is (its status, code, message and details). */
function serviceRefusal(response: UpstreamResponse): ApiError {
  const body = jsonOf(response) ?? {};
  return new ApiError(
    response.status as 400,
    typeof body.code === 'string' ? body.code : 'INVALID_INPUT',
    typeof body.message === 'string' ? body.message : 'The service refused the customer',
    {
      ...(typeof body.details === 'object' && body.details !== null
        ? { details: body.details as Record<string, unknown> }
        : {}),
      ...(typeof body.reason === 'string' ? { reason: body.reason } : {}),
    },
  );
}

/**
 * The customer already made for `userId`, if any: `GET /customers?platformCustomerId=`
 * (docs/protocol.md §11.7). Several (made before bindings survived their store) resolve to the
 * oldest, so every instance and every retry picks the same one. An answer that cannot be read
 * fails closed (502): creating a customer without knowing would make a second wallet.
 */
async function findCustomer(upstream: UpstreamClient, userId: string): Promise<string | undefined> {
  const listed = await upstream.send({
    method: 'GET',
    template: '/customers',
    query: new URLSearchParams({ platformCustomerId: userId, limit: '100' }),
  });
  if (listed.status >= 400 && listed.status < 500 && listed.status !== 401) {
    throw serviceRefusal(listed);
  }
  const data = jsonOf(listed)?.data;
  if (listed.status !== 200 || !Array.isArray(data)) {
    throw new ApiError(502, 'UPSTREAM_ERROR', 'The service did not answer the customer lookup');
  }
  const mine = (data as Record<string, unknown>[])
    .filter(
      (customer) => customer.platformCustomerId === userId && isResourceId(customer.id, 'Customer'),
    )
    .sort(
      (a, b) =>
        String(a.createdAt).localeCompare(String(b.createdAt)) ||
        String(a.id).localeCompare(String(b.id)),
    );
  return mine[0]?.id as string | undefined;
}

/** `POST /customers` with `platformCustomerId` = the app's user id; its id. */
async function createCustomer(
  upstream: UpstreamClient,
  userId: string,
  details: CustomerDetails,
): Promise<string> {
  const created = await upstream.send({
    method: 'POST',
    template: '/customers',
    contentType: 'application/json',
    body: new TextEncoder().encode(
      JSON.stringify({ customerType: 'INDIVIDUAL', ...details, platformCustomerId: userId }),
    ),
  });
  if (created.status >= 400 && created.status < 500 && created.status !== 401) {
    throw serviceRefusal(created);
  }
  const customerId = jsonOf(created)?.id;
  if (created.status !== 201 || !isResourceId(customerId, 'Customer')) {
    throw new ApiError(502, 'UPSTREAM_ERROR', 'The service did not create the customer');
  }
  return customerId;
}

/** The customer's EMBEDDED_WALLET from `GET /customers/internal-accounts` (502 when none). */
async function findWallet(upstream: UpstreamClient, customerId: string): Promise<string> {
  const listed = await upstream.send({
    method: 'GET',
    template: '/customers/internal-accounts',
    query: new URLSearchParams({ customerId, type: 'EMBEDDED_WALLET' }),
  });
  const data = jsonOf(listed)?.data;
  const wallet = Array.isArray(data)
    ? (data as Record<string, unknown>[]).find(
        (account) =>
          account.type === 'EMBEDDED_WALLET' && isResourceId(account.id, 'InternalAccount'),
      )
    : undefined;
  if (listed.status !== 200 || wallet === undefined) {
    throw new ApiError(502, 'UPSTREAM_ERROR', 'The service provisioned no EMBEDDED_WALLET account');
  }
  return wallet.id as string;
}

/**
 * The customer and EMBEDDED_WALLET of `userId`: the customer already made for it (found by its
 * `platformCustomerId`, so a binding lost by its store, or a sign-up interrupted after the
 * customer was made, costs nothing), else a new one from `POST /customers`
 * (docs/protocol.md §11.6, §11.7). A 4xx of the service (other than 401) is thrown as its
 * envelope; anything unexpected as 502.
 */
export async function provisionCustomer(
  upstream: UpstreamClient,
  userId: string,
  details: CustomerDetails,
): Promise<{ customerId: string; accountId: string; found: boolean }> {
  const existing = await findCustomer(upstream, userId);
  const customerId = existing ?? (await createCustomer(upstream, userId, details));
  return {
    customerId,
    accountId: await findWallet(upstream, customerId),
    found: existing !== undefined,
  };
}
