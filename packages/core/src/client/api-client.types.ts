/**
 * The typed API client's public shape, declared apart from `api-client.ts` so the modules loaded
 * on demand (which receive an `ApiClient`) never import its implementation.
 */
import type { Clock } from '../internal/clock.js';
import type { Flow } from '../internal/flow.js';
import type { PayloadIntent } from '../signed-retry/payload-intent.js';
import type { PayloadStamper, ReconcileStep } from '../signed-retry/signed-retry.js';
import type { SignedRetryEvent, SignedRetryState } from '../signed-retry/signed-retry.machine.js';
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
import type { ServiceRequest, TransportOptions } from './request.js';

/** Options every signed call accepts. */
export interface SignedCallOptions {
  /** Stamps the payload with the right session key (see the session manager). */
  stamp: PayloadStamper;
  signal?: AbortSignal;
  /** Observes the exchange (PROCESSING, rate limits) for progress UI. */
  onFlow?: (flow: Flow<SignedRetryState, SignedRetryEvent>) => void;
  /**
   * Reads the lists when the `Request-Id` turns out consumed after a lost answer (docs/protocol.md
   * §11.3; see `reconcile.ts`). Overrides the call's own step, if it has one.
   */
  reconcile?: ReconcileStep;
}

/** Options of `createApiClient`. */
export interface ApiClientOptions extends TransportOptions {
  clock?: Clock;
  /** Draws in [0, 1) for the jitter of 429 backoffs (docs/protocol.md §11.5). @defaultValue Math.random */
  random?: () => number;
  /** Called when a read (a GET) answers 401; the client's session manager then rechecks. */
  onUnauthorizedRead?: () => void;
}

/** How a signed call runs: its terminal status, whether leg 1 may be sent again, what it signs. */
export interface SignedCallPlan {
  terminalStatus: 200 | 201 | 204;
  /** A lapsed challenge may be answered by a new leg 1 (safe only when leg 1 acts on nothing). */
  restartable: boolean;
  /** What `payloadToSign` must say before the key signs it (`PAYLOAD_INTENTS`). */
  intent: PayloadIntent | undefined;
}

/** The typed API of the service: one function per endpoint. Create it with `createApiClient`. */
export interface ApiClient {
  /** Where and how requests go. */
  readonly transport: TransportOptions;
  readonly clock: Clock;
  /** `GET /customers/internal-accounts` with filters and cursor pagination. */
  listInternalAccounts(
    params?: ListInternalAccountsParams,
    signal?: AbortSignal,
  ): Promise<InternalAccountListResponse>;
  /** `GET /auth/credentials?accountId`. */
  listCredentials(accountId: string, signal?: AbortSignal): Promise<{ data: AuthMethod[] }>;
  /**
   * `POST /auth/credentials`: 202 → signed retry → 201 AuthMethod, or 201 at once for an
   * account's first credential. @throws `*_CREDENTIAL_ALREADY_EXISTS`, `INVALID_INPUT`, 401 codes.
   */
  addCredential(body: AddCredentialBody, call: SignedCallOptions): Promise<AuthMethod>;
  /** `DELETE /auth/credentials/{id}`, stamped by a session of another credential. */
  revokeCredential(credentialId: string, call: SignedCallOptions): Promise<undefined>;
  /** `POST /auth/credentials/{id}/challenge` for EMAIL_OTP/SMS_OTP (body `{}`): a fresh target bundle. */
  challengeOtp(credentialId: string, signal?: AbortSignal): Promise<AuthMethod>;
  /** `POST /auth/credentials/{id}/challenge` for PASSKEY with the key the session will be sealed to. */
  challengePasskey(
    credentialId: string,
    clientPublicKey: string,
    signal?: AbortSignal,
  ): Promise<PasskeyAuthChallenge>;
  /** OTP verify: 202 with the verification token, stamped by the TEK, → 200 AuthSession (§5, §6). */
  verifyOtp(
    credentialId: string,
    body: Extract<VerifyCredentialBody, { encryptedOtpBundle: string }>,
    call: SignedCallOptions,
  ): Promise<AuthSession>;
  /** OAUTH verify (no challenge): 200 AuthSession with the sealed key for a pub65 `clientPublicKey`. */
  verifyOAuth(
    credentialId: string,
    body: Extract<VerifyCredentialBody, { type: 'OAUTH' }>,
    signal?: AbortSignal,
  ): Promise<AuthSession>;
  /** PASSKEY verify with the challenge's `Request-Id`: 200 AuthSession (§9). */
  verifyPasskey(
    credentialId: string,
    requestId: string,
    body: Extract<VerifyCredentialBody, { type: 'PASSKEY' }>,
    signal?: AbortSignal,
  ): Promise<AuthSession>;
  /** `GET /auth/sessions?accountId`: active sessions. */
  listSessions(accountId: string, signal?: AbortSignal): Promise<{ data: AuthSession[] }>;
  /** `POST /auth/sessions/{id}/refresh`, stamped by that session → 201 AuthSession. */
  refreshSession(
    sessionId: string,
    clientPublicKey: string,
    call: SignedCallOptions,
  ): Promise<AuthSession>;
  /** `DELETE /auth/sessions/{id}` → 204 (404 when no longer active: treat as done). */
  revokeSession(sessionId: string, call: SignedCallOptions): Promise<undefined>;
  /** `POST /internal-accounts/{id}/export` with a fresh pub65 key → the sealed export bundle (§8). */
  exportWallet(
    accountId: string,
    clientPublicKey: string,
    call: SignedCallOptions,
  ): Promise<ExportWalletResponse>;
  /** `PATCH /internal-accounts/{id}` `{privateEnabled}` (wallet privacy) → 200 InternalAccount. */
  updatePrivacy(
    accountId: string,
    privateEnabled: boolean,
    call: SignedCallOptions,
  ): Promise<InternalAccount>;
  /** `GET /customers/{customerId}`. */
  getCustomer(customerId: string, signal?: AbortSignal): Promise<Customer>;
  /** `PATCH /customers/{customerId}`: plain fields at once; an email/phone change is signed (§11.6). */
  updateCustomer(
    customerId: string,
    patch: Record<string, unknown>,
    call: SignedCallOptions,
  ): Promise<Customer>;
  /** `POST /quotes` (same- or cross-currency transfer between internal accounts, §11.6) → 201 Quote. */
  createQuote(body: CreateQuoteBody, signal?: AbortSignal): Promise<Quote>;
  /** `POST /quotes/{quoteId}/execute` `{}` with `Idempotency-Key`; signed when the source is a wallet. */
  executeQuote(quoteId: string, idempotencyKey: string, call: SignedCallOptions): Promise<Quote>;
  /** `GET /transactions/{transactionId}`: one movement of funds. @throws `NOT_FOUND`, `FORBIDDEN` */
  getTransaction(transactionId: string, signal?: AbortSignal): Promise<Transaction>;
  /**
   * `GET /transactions` with `customerId` / `accountId` filters (either side matches) and cursor
   * pagination; behind the proxy the customer filter is implied.
   */
  listTransactions(
    params?: ListTransactionsParams,
    signal?: AbortSignal,
  ): Promise<TransactionListResponse>;
  /**
   * Runs any call that follows the signed-retry exchange, for integrators adding an endpoint.
   * @param ownReconcile - The call's own reconcile step, used when `call.reconcile` is absent.
   */
  signed<T>(
    request: Omit<ServiceRequest, 'signal'>,
    plan: SignedCallPlan,
    call: SignedCallOptions,
    ownReconcile?: ReconcileStep,
  ): Promise<T>;
  /** The header names, for integrators' custom calls. */
  readonly headers: { readonly signature: string; readonly requestId: string };
}
