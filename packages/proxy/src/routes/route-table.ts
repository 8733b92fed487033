import type { ResourceName } from '../ids.js';
import type { BodyAllowlist, BodyShape } from './body-members.js';

/** Methods the proxy ever forwards. */
export type RouteMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/**
 * How a route's path id must relate to the signed-in user before anything is forwarded:
 * `wallet` and `customer` compare with the user's own ids; `credential` and `session` are looked
 * up in the upstream's lists for the user's account; `quote` in the quotes the user created here.
 */
export type PathOwnership = 'wallet' | 'customer' | 'credential' | 'session' | 'quote';

/**
 * Which signed-retry headers a route accepts (docs/protocol.md §1 "Headers", §11.2): `none`;
 * `signed-retry` = both or neither (passkey verify: `Request-Id` alone); `quote-execute` = both,
 * neither or the signature alone, plus `Idempotency-Key`.
 */
export type SignaturePolicy = 'none' | 'signed-retry' | 'quote-execute';

/** Body rule: `none` (GET, DELETE), `json` (a JSON object), `optional-json` (empty or an object). */
export type BodyPolicy = 'none' | 'json' | 'optional-json';

/** One allowlisted (method, template) pair and the checks that guard it. */
export interface ServiceRoute {
  /** `<METHOD> <template>`, spelled as in docs/protocol.md §12 and §11.6 (and the §14 `processing` keys). */
  key: string;
  method: RouteMethod;
  /** Service path relative to `{base_url}`; `{name}` marks the one path id. */
  template: string;
  /** Resource prefix the path id must carry (reliability catalogue BFF-04). */
  idResource?: ResourceName;
  ownership?: PathOwnership;
  /** Ownership is re-read from the upstream every time (revokes never trust a cached "yes"). */
  freshOwnership?: boolean;
  /** List routes: the query parameter the proxy injects and the other names it lets through. */
  query?: { scope: 'accountId' | 'customerId'; names: readonly string[] };
  signature: SignaturePolicy;
  body: BodyPolicy;
  /**
   * The members a body may carry, from what the kit sends on this route (BFF-47); every route
   * whose `body` is not `none` has one. Extra members pass only through `extraBodyMembers`.
   */
  members?: BodyAllowlist;
  /** Path of a body member holding an account id that must be the user's wallet. */
  bodyAccount?: readonly string[];
  /** A 201 from this route records the created quote as the user's (docs/protocol.md §11.6). */
  recordsQuote?: boolean;
  /**
   * A record read by id whose owner only its answer says (a transaction): a 200 is passed back
   * only when the answer names the user's customer or wallet on one of its sides, else 403.
   */
  answerOwnership?: 'transaction';
  /** Only mounted with `allowSandboxFunding: true`. */
  sandboxFunding?: boolean;
}

function route(
  method: RouteMethod,
  template: string,
  rest: Omit<ServiceRoute, 'key' | 'method' | 'template'>,
): ServiceRoute {
  return { key: `${method} ${template}`, method, template, ...rest };
}

/** `clientPublicKey` alone: passkey challenge, session refresh, export (docs/protocol.md §8, §9, §15). */
const CLIENT_PUBLIC_KEY: BodyShape = { clientPublicKey: 'string' };

/** A passkey's wire attestation and assertion (docs/protocol.md §9). */
const ATTESTATION: BodyShape = {
  credentialId: 'string',
  clientDataJson: 'string',
  attestationObject: 'string',
  transports: 'strings',
};
const ASSERTION: BodyShape = {
  credentialId: 'string',
  clientDataJson: 'string',
  authenticatorData: 'string',
  signature: 'string',
  userHandle: 'string',
};

/** `POST /auth/credentials`, per credential type (docs/protocol.md §12). */
const ADD_CREDENTIAL: BodyAllowlist = {
  byType: {
    EMAIL_OTP: { type: 'string', accountId: 'string' },
    SMS_OTP: { type: 'string', accountId: 'string' },
    OAUTH: { type: 'string', accountId: 'string', oidcToken: 'string' },
    PASSKEY: {
      type: 'string',
      accountId: 'string',
      nickname: 'string',
      challenge: 'string',
      attestation: ATTESTATION,
    },
  },
};

/** `POST /auth/credentials/{id}/verify`, per credential type (docs/protocol.md §5, §9, §10). */
const VERIFY_CREDENTIAL: BodyAllowlist = {
  byType: {
    EMAIL_OTP: { type: 'string', encryptedOtpBundle: 'string' },
    SMS_OTP: { type: 'string', encryptedOtpBundle: 'string' },
    OAUTH: { type: 'string', oidcToken: 'string', clientPublicKey: 'string' },
    PASSKEY: { type: 'string', assertion: ASSERTION },
  },
};

/** `POST /quotes`: what the kit's transfer sends (docs/protocol.md §11.6). */
const CREATE_QUOTE: BodyShape = {
  source: { sourceType: 'string', accountId: 'string' },
  destination: { destinationType: 'string', accountId: 'string' },
  lockedCurrencySide: 'string',
  lockedCurrencyAmount: 'number',
  immediatelyExecute: 'boolean',
  description: 'string',
};

/**
 * The browser's rows of docs/protocol.md §12 plus the customer and quote rows of §11.6, the end-user
 * terms the consent screen shows (docs/service-api.md, change history "End-user terms") and the
 * user's own transactions, and nothing else: never `POST /internal-accounts`, `POST /customers`,
 * transfers or other platform routes (reliability catalogue BFF-03).
 */
export const SERVICE_ROUTES: readonly ServiceRoute[] = [
  route('GET', '/customers/internal-accounts', {
    query: { scope: 'customerId', names: ['currency', 'type', 'limit', 'cursor'] },
    signature: 'none',
    body: 'none',
  }),
  route('POST', '/auth/credentials', {
    signature: 'signed-retry',
    body: 'json',
    members: ADD_CREDENTIAL,
    bodyAccount: ['accountId'],
  }),
  route('GET', '/auth/credentials', {
    query: { scope: 'accountId', names: [] },
    signature: 'none',
    body: 'none',
  }),
  route('DELETE', '/auth/credentials/{id}', {
    idResource: 'AuthMethod',
    ownership: 'credential',
    freshOwnership: true,
    signature: 'signed-retry',
    body: 'none',
  }),
  route('POST', '/auth/credentials/{id}/challenge', {
    idResource: 'AuthMethod',
    ownership: 'credential',
    signature: 'none',
    body: 'optional-json',
    members: { members: CLIENT_PUBLIC_KEY },
  }),
  route('POST', '/auth/credentials/{id}/verify', {
    idResource: 'AuthMethod',
    ownership: 'credential',
    signature: 'signed-retry',
    body: 'json',
    members: VERIFY_CREDENTIAL,
  }),
  route('GET', '/auth/sessions', {
    query: { scope: 'accountId', names: [] },
    signature: 'none',
    body: 'none',
  }),
  route('POST', '/auth/sessions/{id}/refresh', {
    idResource: 'Session',
    ownership: 'session',
    signature: 'signed-retry',
    body: 'json',
    members: { members: CLIENT_PUBLIC_KEY },
  }),
  route('DELETE', '/auth/sessions/{id}', {
    idResource: 'Session',
    ownership: 'session',
    freshOwnership: true,
    signature: 'signed-retry',
    body: 'none',
  }),
  route('POST', '/internal-accounts/{id}/export', {
    idResource: 'InternalAccount',
    ownership: 'wallet',
    signature: 'signed-retry',
    body: 'json',
    members: { members: CLIENT_PUBLIC_KEY },
  }),
  route('PATCH', '/internal-accounts/{id}', {
    idResource: 'InternalAccount',
    ownership: 'wallet',
    signature: 'signed-retry',
    body: 'json',
    members: { members: { privateEnabled: 'boolean' } },
  }),
  // The current terms address and version: the same for every customer, so no path id and no
  // query (any query is refused); like every row it needs a signed-in app user. Its literal
  // segment outranks `/customers/{customerId}` in the matcher.
  route('GET', '/customers/end-user-terms', {
    signature: 'none',
    body: 'none',
  }),
  route('GET', '/customers/{customerId}', {
    idResource: 'Customer',
    ownership: 'customer',
    signature: 'none',
    body: 'none',
  }),
  route('PATCH', '/customers/{customerId}', {
    idResource: 'Customer',
    ownership: 'customer',
    signature: 'signed-retry',
    body: 'json',
    // The contact change only: never `platformCustomerId` (the binding's key) or identity fields.
    members: { members: { email: 'string', phoneNumber: 'string' } },
  }),
  route('POST', '/quotes', {
    signature: 'none',
    body: 'json',
    members: { members: CREATE_QUOTE },
    bodyAccount: ['source', 'accountId'],
    recordsQuote: true,
  }),
  route('POST', '/quotes/{quoteId}/execute', {
    idResource: 'Quote',
    ownership: 'quote',
    signature: 'quote-execute',
    body: 'optional-json',
    members: { members: {} },
  }),
  // Movements of funds (package README of the sandbox, "Transactions"): the list is scoped to the
  // user's customer (either side matches); a transaction read by id is the user's only if its
  // answer names the user's customer or wallet on a side.
  route('GET', '/transactions', {
    query: { scope: 'customerId', names: ['accountId', 'limit', 'cursor'] },
    signature: 'none',
    body: 'none',
  }),
  route('GET', '/transactions/{transactionId}', {
    idResource: 'Transaction',
    answerOwnership: 'transaction',
    signature: 'none',
    body: 'none',
  }),
  route('POST', '/sandbox/internal-accounts/{id}/fund', {
    idResource: 'InternalAccount',
    ownership: 'wallet',
    signature: 'none',
    body: 'json',
    members: { members: { amount: 'number' } },
    sandboxFunding: true,
  }),
];

/** The route table for one proxy: the sandbox funding row only when explicitly allowed. */
export function serviceRoutes(options: { allowSandboxFunding: boolean }): readonly ServiceRoute[] {
  return SERVICE_ROUTES.filter(
    (entry) => options.allowSandboxFunding || entry.sandboxFunding !== true,
  );
}
