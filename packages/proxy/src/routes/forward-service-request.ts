import { ApiError, forbidden, invalidInput } from '../api-error.js';
import {
  isJsonContentType,
  passedBackHeaders,
  readSignedRetryHeaders,
} from '../http/forward-headers.js';
import { legacyValueErrors } from '../http/legacy-values.js';
import { MAX_REQUEST_BODY_BYTES, readRequestBody } from '../http/read-body.js';
import { decoratedResponse } from '../http/response-headers.js';
import { parseStrictJson } from '../http/strict-json.js';
import { canonicalId, isResourceId, sameId } from '../ids.js';
import type { OwnershipChecker } from '../ownership/ownership-checker.js';
import type { QuoteLedger } from '../stores/stores.js';
import type { ProxyUser } from '../types.js';
import type { UpstreamClient } from '../upstream/upstream-client.js';
import { bodyMemberErrors, type ExtraBodyMembers } from './body-members.js';
import type { ServiceRoute } from './route-table.js';

/** What forwarding needs besides the request. */
export interface ForwardDeps {
  upstream: UpstreamClient;
  ownership: OwnershipChecker;
  quotes: QuoteLedger;
  /** Called with the upstream status once known (for the request log). */
  onUpstreamStatus?: (status: number) => void;
  /** The response's security and CORS headers, added here instead of by the middleware. */
  decoration?: Readonly<Record<string, string>> | undefined;
  /** Members a team opted in per route key beyond the kit's own (`extraBodyMembers`). */
  extraBodyMembers?: ExtraBodyMembers;
}

/** Body of a request after the proxy's checks: exact bytes plus a parsed copy when JSON. */
export interface CheckedBody {
  bytes: Uint8Array<ArrayBuffer> | undefined;
  contentType: string | undefined;
  json: Record<string, unknown> | undefined;
}

/**
 * Rebuilds the query of a list route: only its known names, each at most once; the scope
 * parameter (`accountId` or `customerId`) is injected, and if the browser sent one it must be
 * the user's own (403 otherwise, BFF-05).
 */
export function scopedQuery(
  route: ServiceRoute,
  rawQuery: string,
  user: ProxyUser,
): URLSearchParams | undefined {
  const given = new URLSearchParams(rawQuery);
  const names = [...new Set(given.keys())];
  if (route.query === undefined) {
    if (names.length > 0) {
      throw invalidInput(`${route.key} takes no query parameters`);
    }
    return undefined;
  }
  const scope = route.query.scope;
  const allowed = new Set<string>([scope, ...route.query.names]);
  const errors = names.flatMap((name) => {
    if (!allowed.has(name)) {
      return [{ field: name, message: 'Unknown query parameter' }];
    }
    return given.getAll(name).length > 1
      ? [{ field: name, message: 'Must be given at most once' }]
      : [];
  });
  if (errors.length > 0) {
    throw invalidInput('Invalid query parameters', errors);
  }
  const own = scope === 'accountId' ? user.accountId : user.customerId;
  const sent = given.get(scope);
  if (sent !== null) {
    if (!isResourceId(sent, scope === 'accountId' ? 'InternalAccount' : 'Customer')) {
      throw invalidInput(`Invalid ${scope}`, [{ field: scope, message: 'Malformed id' }]);
    }
    if (!sameId(sent, own)) {
      throw forbidden(`${scope} does not belong to the signed-in user`);
    }
  }
  const query = new URLSearchParams({ [scope]: own });
  for (const name of route.query.names) {
    const value = given.get(name);
    if (value !== null) {
      query.set(name, value);
    }
  }
  return query;
}

/** Reads and checks the body per the route's {@link ServiceRoute.body} rule (BFF-09, BFF-10, BFF-11). */
export async function checkedBody(
  route: Pick<ServiceRoute, 'key' | 'body'>,
  request: Request,
): Promise<CheckedBody> {
  const declared = request.headers.get('Content-Length');
  if (
    declared !== null &&
    (!/^\d{1,12}$/.test(declared) || Number(declared) > MAX_REQUEST_BODY_BYTES)
  ) {
    throw new ApiError(
      /^\d+$/.test(declared) ? 413 : 400,
      'INVALID_INPUT',
      'Request body exceeds 64 KiB',
    );
  }
  const read = await readRequestBody(request, MAX_REQUEST_BODY_BYTES);
  if (!read.ok) {
    throw new ApiError(413, 'INVALID_INPUT', 'Request body exceeds 64 KiB');
  }
  const contentType = request.headers.get('Content-Type') ?? undefined;
  if (read.bytes.byteLength === 0) {
    if (route.body === 'json') {
      throw invalidInput(`${route.key} needs a JSON body`);
    }
    if (contentType !== undefined && !isJsonContentType(contentType)) {
      throw new ApiError(415, 'INVALID_INPUT', 'Content-Type must be application/json');
    }
    // No body is forwarded as no body; an empty one on a body route stays empty (byte for byte).
    return { bytes: route.body === 'none' ? undefined : read.bytes, contentType, json: undefined };
  }
  if (route.body === 'none') {
    throw invalidInput(`${route.key} takes no body`);
  }
  if (!isJsonContentType(contentType ?? null)) {
    throw new ApiError(415, 'INVALID_INPUT', 'Content-Type must be application/json');
  }
  const parsed = parseStrictJson(read.bytes);
  if (!parsed.ok) {
    throw invalidInput(parsed.reason);
  }
  if (typeof parsed.value !== 'object' || parsed.value === null || Array.isArray(parsed.value)) {
    throw invalidInput('The body must be a JSON object');
  }
  return { bytes: read.bytes, contentType, json: parsed.value as Record<string, unknown> };
}

const MAX_FIELD_ERRORS = 50;

/**
 * Refuses a body with a member outside the route's allowlist (BFF-47) or a sandbox shortcut value
 * anywhere in it (BFF-48): 400 naming every such member, nothing forwarded.
 */
export function checkBodyMembers(
  route: Pick<ServiceRoute, 'key' | 'members'>,
  json: Record<string, unknown> | undefined,
  extra: ExtraBodyMembers = {},
): void {
  if (json === undefined) {
    return;
  }
  const errors = [
    ...(route.members === undefined ? [] : bodyMemberErrors(json, route.members, extra[route.key])),
    ...legacyValueErrors(json),
  ];
  if (errors.length > 0) {
    // Bounded: a 64 KiB body of one-letter members must not make a megabyte answer.
    const fields = [...new Set(errors.map((error) => error.field))];
    const named = fields.length > 5 ? [...fields.slice(0, 5), '…'] : fields;
    throw invalidInput(
      `Body members not accepted on ${route.key}: ${named.join(', ')}`,
      errors.slice(0, MAX_FIELD_ERRORS),
    );
  }
}

/** Checks the route's body account member (e.g. `source.accountId`) names the user's wallet. */
function checkBodyAccount(
  route: ServiceRoute,
  json: Record<string, unknown> | undefined,
  user: ProxyUser,
): void {
  if (route.bodyAccount === undefined || json === undefined) {
    return;
  }
  let value: unknown = json;
  for (const name of route.bodyAccount) {
    if (typeof value !== 'object' || value === null || !Object.hasOwn(value, name)) {
      return; // Absent: the service reports the missing field with every other one.
    }
    value = (value as Record<string, unknown>)[name];
  }
  const field = route.bodyAccount.join('.');
  if (!isResourceId(value, 'InternalAccount')) {
    throw invalidInput(`Invalid ${field}`, [{ field, message: 'Must be InternalAccount:<uuid>' }]);
  }
  if (!sameId(value, user.accountId)) {
    throw forbidden(`${field} is not the signed-in user's wallet`);
  }
}

function quoteIdOf(body: Uint8Array): string | undefined {
  try {
    const id = (JSON.parse(new TextDecoder().decode(body)) as { id?: unknown }).id;
    return isResourceId(id, 'Quote') ? id : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whether a transaction answer names the user's customer or wallet on one of its sides (its
 * `customerId`, or a side's `customerId` or `accountId`). An answer that cannot be read fails
 * closed: 502, never passed back.
 */
function transactionBelongsTo(body: Uint8Array, user: ProxyUser): boolean {
  let record: unknown;
  try {
    record = JSON.parse(new TextDecoder().decode(body));
  } catch {
    record = undefined;
  }
  if (typeof record !== 'object' || record === null || Array.isArray(record)) {
    throw new ApiError(502, 'UPSTREAM_ERROR', 'Could not read the transaction to check ownership');
  }
  const { customerId, source, destination } = record as Record<string, unknown>;
  const ours = (value: unknown, own: string, resource: 'Customer' | 'InternalAccount') =>
    isResourceId(value, resource) && sameId(value, own);
  const side = (value: unknown) => {
    if (typeof value !== 'object' || value === null) {
      return false;
    }
    const party = value as Record<string, unknown>;
    return (
      ours(party.customerId, user.customerId, 'Customer') ||
      ours(party.accountId, user.accountId, 'InternalAccount')
    );
  };
  return ours(customerId, user.customerId, 'Customer') || side(source) || side(destination);
}

/**
 * Forwards one allowlisted request for `user`: query scoped, body and headers checked, every
 * path id proven to be the user's, then the exact body bytes and the signed-retry headers sent
 * upstream; the answer comes back with its status, body, `Content-Type` and `Retry-After`.
 */
export async function forwardServiceRequest(
  request: Request,
  match: { route: ServiceRoute; params: Record<string, string> },
  rawQuery: string,
  user: ProxyUser,
  deps: ForwardDeps,
): Promise<Response> {
  const { route, params } = match;
  const query = scopedQuery(route, rawQuery, user);
  const body = await checkedBody(route, request);
  checkBodyMembers(route, body.json, deps.extraBodyMembers);
  const signed = readSignedRetryHeaders(request.headers, route, {
    passkeyVerify:
      route.key === 'POST /auth/credentials/{id}/verify' && body.json?.type === 'PASSKEY',
  });
  checkBodyAccount(route, body.json, user);
  const id = Object.values(params)[0];
  if (route.ownership !== undefined && id !== undefined) {
    const owned = await deps.ownership.owns(user, route.ownership, id, {
      fresh: route.freshOwnership === true,
    });
    if (!owned) {
      if (route.key === 'DELETE /auth/sessions/{id}') {
        // The service answers 404 for any session that is not active (never issued, revoked,
        // expired) and clients treat it as done (docs/protocol.md §12); a foreign id is "never issued".
        throw new ApiError(404, 'NOT_FOUND', 'No active session with this id on your account');
      }
      throw forbidden(`${params.id ?? id} does not belong to the signed-in user`);
    }
  }
  const upstream = await deps.upstream.send({
    method: route.method,
    template: route.template,
    params,
    ...(query === undefined ? {} : { query }),
    contentType: body.contentType,
    body: body.bytes,
    signed,
  });
  deps.onUpstreamStatus?.(upstream.status);
  if (route.answerOwnership === 'transaction' && upstream.status === 200) {
    if (!transactionBelongsTo(upstream.body, user)) {
      throw forbidden(`${id ?? 'The transaction'} does not belong to the signed-in user`);
    }
  }
  if (route.recordsQuote === true && upstream.status === 201) {
    const quoteId = quoteIdOf(upstream.body);
    if (quoteId !== undefined) {
      await deps.quotes.record(user.userId, canonicalId(quoteId));
    }
  }
  const noBody = upstream.status === 204 || upstream.status === 205 || upstream.status === 304;
  const init = { status: upstream.status, headers: passedBackHeaders(upstream.headers) };
  const answer = noBody ? null : upstream.body;
  return deps.decoration === undefined
    ? new Response(answer, init)
    : decoratedResponse(answer, init, deps.decoration);
}
