/**
 * A typed function for every endpoint of docs/protocol.md §12 (and the §11.6 rows the browser uses).
 * Unsigned calls resolve with the wire type; signed calls run the signed-retry engine with the
 * stamper they are given. Every failure rejects with a `WalletAuthError`.
 *
 * The engine and the payload intents are loaded on first use (the on-demand chunk): a page needs
 * them only once a flow's I/O runs, and that I/O is itself on demand, so the first load carries
 * only the plain reads (`get`).
 */

/** A signed call's plan, made once the payload intents are loaded. */
type PlanOf = (intents: typeof PAYLOAD_INTENTS) => SignedCallPlan;

import { systemClock } from '../internal/clock.js';
import { loadOnDemand, reconcileNewCredential } from '../on-demand/on-demand.js';
import type { PAYLOAD_INTENTS } from '../signed-retry/payload-intent.js';
import { UNSIGNED_PROCESSING_DEADLINE_MS } from '../signed-retry/signed-retry.backoff.js';
import type { ReconcileStep } from '../signed-retry/signed-retry.js';
import type {
  AddCredentialBody,
  AuthMethod,
  AuthSession,
  CreateQuoteBody,
  Customer,
  ExportWalletResponse,
  InternalAccount,
  InternalAccountListResponse,
  ListInternalAccountsParams,
  ListTransactionsParams,
  PasskeyAuthChallenge,
  Quote,
  Transaction,
  TransactionListResponse,
  VerifyCredentialBody,
} from '../types.js';
import type {
  ApiClient,
  ApiClientOptions,
  SignedCallOptions,
  SignedCallPlan,
} from './api-client.types.js';
import { REQUEST_ID_HEADER, SIGNATURE_HEADER } from './headers.js';
import { type ServiceRequest, sendServiceRequest, type TransportOptions } from './request.js';

/**
 * Creates the typed API client over a transport (the platform's proxy in production, the
 * emulator in tests).
 *
 * @example
 * const api = createApiClient({ baseUrl: '/api/2025-10-13' });
 * const { data } = await api.listCredentials('InternalAccount:…');
 */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const clock = options.clock ?? systemClock;
  const transport: TransportOptions = options;

  async function get<T>(request: Omit<ServiceRequest, 'method'>): Promise<T> {
    const outcome = await sendServiceRequest(transport, { ...request, method: 'GET' });
    if (outcome.kind === 'error') {
      if (outcome.error.status === 401) {
        options.onUnauthorizedRead?.();
      }
      throw outcome.error;
    }
    return outcome.body as T;
  }

  /** An unsigned call: the exchange engine resends it while the answer is PROCESSING (§11.4). */
  async function unsigned<T>(request: ServiceRequest, terminalStatus: 200 | 201 | 204): Promise<T> {
    const { signal, ...identical } = request;
    const { startSignedRetry } = await loadOnDemand();
    const { result } = startSignedRetry({
      terminalStatus,
      restartable: false,
      intent: undefined,
      unsigned: { processingDeadlineMs: UNSIGNED_PROCESSING_DEADLINE_MS },
      transport,
      request: identical,
      clock,
      ...(signal ? { signal } : {}),
    });
    return (await result).body as T;
  }

  async function signed<T>(
    request: Omit<ServiceRequest, 'signal'>,
    plan: SignedCallPlan | PlanOf,
    call: SignedCallOptions,
    ownReconcile?: ReconcileStep,
  ): Promise<T> {
    const reconcile = call.reconcile ?? ownReconcile;
    const { startSignedRetry, PAYLOAD_INTENTS: intents } = await loadOnDemand();
    const { flow, result } = startSignedRetry({
      ...(typeof plan === 'function' ? plan(intents) : plan),
      transport,
      request,
      stamp: call.stamp,
      clock,
      ...(reconcile ? { reconcile } : {}),
      ...(options.random ? { random: options.random } : {}),
      ...(call.signal ? { signal: call.signal } : {}),
    });
    call.onFlow?.(flow);
    return (await result).body as T;
  }

  const json = (value: unknown) => JSON.stringify(value);

  const listCredentials = (accountId: string, signal?: AbortSignal) =>
    get<{ data: AuthMethod[] }>({
      path: ['auth', 'credentials'],
      query: { accountId },
      ...(signal ? { signal } : {}),
    });

  return {
    transport,
    clock,

    /** `GET /customers/internal-accounts` with filters and cursor pagination. */
    listInternalAccounts: (params: ListInternalAccountsParams = {}, signal?: AbortSignal) =>
      get<InternalAccountListResponse>({
        path: ['customers', 'internal-accounts'],
        query: { ...params },
        ...(signal ? { signal } : {}),
      }),

    /** `GET /auth/credentials?accountId`. */
    listCredentials,

    /**
     * `POST /auth/credentials`: 202 → signed retry → 201 AuthMethod, or 201 at once for an
     * account's first credential. @throws `*_CREDENTIAL_ALREADY_EXISTS`, `INVALID_INPUT`, 401 codes.
     */
    addCredential: (body: AddCredentialBody, call: SignedCallOptions) =>
      signed<AuthMethod>(
        { method: 'POST', path: ['auth', 'credentials'], body: json(body) },
        // Not restartable: an OAUTH leg needs a fresh token, a PASSKEY leg a fresh ceremony.
        (intents) => ({
          terminalStatus: 201,
          restartable: false,
          intent: intents.addCredential(body.type),
        }),
        call,
        // A lost 201 is found in the credential list (§11.3).
        reconcileNewCredential(listCredentials, body),
      ),

    /** `DELETE /auth/credentials/{id}`, stamped by a session of another credential. */
    revokeCredential: (credentialId: string, call: SignedCallOptions) =>
      signed<undefined>(
        { method: 'DELETE', path: ['auth', 'credentials', credentialId] },
        (intents) => ({
          terminalStatus: 204,
          restartable: true,
          intent: intents.revokeCredential(),
        }),
        call,
      ),

    /** `POST /auth/credentials/{id}/challenge` for EMAIL_OTP/SMS_OTP (body `{}`): a fresh target bundle. */
    challengeOtp: (credentialId: string, signal?: AbortSignal) =>
      unsigned<AuthMethod>(
        {
          method: 'POST',
          path: ['auth', 'credentials', credentialId, 'challenge'],
          body: '{}',
          ...(signal ? { signal } : {}),
        },
        200,
      ),

    /** `POST /auth/credentials/{id}/challenge` for PASSKEY with the key the session will be sealed to. */
    challengePasskey: (credentialId: string, clientPublicKey: string, signal?: AbortSignal) =>
      unsigned<PasskeyAuthChallenge>(
        {
          method: 'POST',
          path: ['auth', 'credentials', credentialId, 'challenge'],
          body: json({ clientPublicKey }),
          ...(signal ? { signal } : {}),
        },
        200,
      ),

    /** OTP verify: 202 with the verification token, stamped by the TEK, → 200 AuthSession (§5, §6). */
    verifyOtp: (
      credentialId: string,
      body: Extract<VerifyCredentialBody, { encryptedOtpBundle: string }>,
      call: SignedCallOptions,
    ) =>
      signed<AuthSession>(
        { method: 'POST', path: ['auth', 'credentials', credentialId, 'verify'], body: json(body) },
        // Leg 1 consumes the code: never restart it automatically.
        { terminalStatus: 200, restartable: false, intent: undefined },
        call,
      ),

    /** OAUTH verify (no challenge): 200 AuthSession with the sealed key for a pub65 `clientPublicKey`. */
    verifyOAuth: (
      credentialId: string,
      body: Extract<VerifyCredentialBody, { type: 'OAUTH' }>,
      signal?: AbortSignal,
    ) =>
      unsigned<AuthSession>(
        {
          method: 'POST',
          path: ['auth', 'credentials', credentialId, 'verify'],
          body: json(body),
          ...(signal ? { signal } : {}),
        },
        200,
      ),

    /** PASSKEY verify with the challenge's `Request-Id`: 200 AuthSession (§9). */
    verifyPasskey: (
      credentialId: string,
      requestId: string,
      body: Extract<VerifyCredentialBody, { type: 'PASSKEY' }>,
      signal?: AbortSignal,
    ) =>
      unsigned<AuthSession>(
        {
          method: 'POST',
          path: ['auth', 'credentials', credentialId, 'verify'],
          body: json(body),
          headers: { [REQUEST_ID_HEADER]: requestId },
          ...(signal ? { signal } : {}),
        },
        200,
      ),

    /** `GET /auth/sessions?accountId`: active sessions. */
    listSessions: (accountId: string, signal?: AbortSignal) =>
      get<{ data: AuthSession[] }>({
        path: ['auth', 'sessions'],
        query: { accountId },
        ...(signal ? { signal } : {}),
      }),

    /** `POST /auth/sessions/{id}/refresh`, stamped by that session → 201 AuthSession. */
    refreshSession: (sessionId: string, clientPublicKey: string, call: SignedCallOptions) =>
      signed<AuthSession>(
        {
          method: 'POST',
          path: ['auth', 'sessions', sessionId, 'refresh'],
          body: json({ clientPublicKey }),
        },
        (intents) => ({
          terminalStatus: 201,
          restartable: true,
          intent: intents.refreshSession(clientPublicKey),
        }),
        call,
      ),

    /** `DELETE /auth/sessions/{id}` → 204 (404 when no longer active: treat as done). */
    revokeSession: (sessionId: string, call: SignedCallOptions) =>
      signed<undefined>(
        { method: 'DELETE', path: ['auth', 'sessions', sessionId] },
        (intents) => ({ terminalStatus: 204, restartable: true, intent: intents.revokeSession() }),
        call,
      ),

    /** `POST /internal-accounts/{id}/export` with a fresh pub65 key → the sealed export bundle (§8). */
    exportWallet: (accountId: string, clientPublicKey: string, call: SignedCallOptions) =>
      signed<ExportWalletResponse>(
        {
          method: 'POST',
          path: ['internal-accounts', accountId, 'export'],
          body: json({ clientPublicKey }),
        },
        // A lapsed export challenge needs a fresh export (docs/service-api.md), which leg 1 is.
        (intents) => ({
          terminalStatus: 200,
          restartable: true,
          intent: intents.exportWallet(clientPublicKey),
        }),
        call,
      ),

    /** `PATCH /internal-accounts/{id}` `{privateEnabled}` (wallet privacy) → 200 InternalAccount. */
    updatePrivacy: (accountId: string, privateEnabled: boolean, call: SignedCallOptions) =>
      signed<InternalAccount>(
        { method: 'PATCH', path: ['internal-accounts', accountId], body: json({ privateEnabled }) },
        (intents) => ({ terminalStatus: 200, restartable: true, intent: intents.updatePrivacy() }),
        call,
      ),

    /** `GET /customers/{customerId}`. */
    getCustomer: (customerId: string, signal?: AbortSignal) =>
      get<Customer>({ path: ['customers', customerId], ...(signal ? { signal } : {}) }),

    /** `PATCH /customers/{customerId}`: plain fields at once; an email/phone change is signed (§11.6). */
    updateCustomer: (customerId: string, patch: Record<string, unknown>, call: SignedCallOptions) =>
      signed<Customer>(
        { method: 'PATCH', path: ['customers', customerId], body: json(patch) },
        (intents) => ({ terminalStatus: 200, restartable: true, intent: intents.updateContact() }),
        call,
      ),

    /** `POST /quotes` (transfer between internal accounts, same- or cross-currency, §11.6) → 201 Quote. */
    createQuote: (body: CreateQuoteBody, signal?: AbortSignal) =>
      unsigned<Quote>(
        { method: 'POST', path: ['quotes'], body: json(body), ...(signal ? { signal } : {}) },
        201,
      ),

    /** `POST /quotes/{quoteId}/execute` `{}` with `Idempotency-Key`; signed when the source is a wallet. */
    executeQuote: (quoteId: string, idempotencyKey: string, call: SignedCallOptions) =>
      signed<Quote>(
        {
          method: 'POST',
          path: ['quotes', quoteId, 'execute'],
          body: '{}',
          headers: { 'Idempotency-Key': idempotencyKey },
        },
        (intents) => ({ terminalStatus: 200, restartable: false, intent: intents.executeQuote() }),
        call,
      ),

    /** `GET /transactions/{transactionId}`: one movement of funds (404 when unknown). */
    getTransaction: (transactionId: string, signal?: AbortSignal) =>
      get<Transaction>({ path: ['transactions', transactionId], ...(signal ? { signal } : {}) }),

    /**
     * `GET /transactions` with `customerId` / `accountId` filters (either side matches) and cursor
     * pagination; behind the proxy the customer filter is implied.
     */
    listTransactions: (params: ListTransactionsParams = {}, signal?: AbortSignal) =>
      get<TransactionListResponse>({
        path: ['transactions'],
        query: { ...params },
        ...(signal ? { signal } : {}),
      }),

    /** Exposed for integrators adding an endpoint that follows the signed-retry exchange. */
    signed,
    /** The header names, for integrators' custom calls. */
    headers: { signature: SIGNATURE_HEADER, requestId: REQUEST_ID_HEADER },
  };
}
