/**
 * Reconcile steps for signed operations whose answer was lost (docs/protocol.md §11.3: "After a lost
 * terminal response the client reconciles via the GET lists and never replays leg 1 of a
 * non-idempotent operation by itself"). Each step reads one list and returns the committed result,
 * or "unknown" with a typed error that tells the person what to do.
 */
import { WalletAuthError } from '../errors/wallet-auth-error.js';
import type { AddCredentialBody, AuthMethod, AuthSession, CredentialType } from '../types.js';
import { RECONCILE_CLOCK_MARGIN_MS } from './signed-retry.backoff.js';
import type { ReconcileStep } from './signed-retry.js';
import type { ReconcileOutcome } from './signed-retry.machine.js';

/** Reads the account's active sessions (`GET /auth/sessions`). */
export type ListSessions = (
  accountId: string,
  signal?: AbortSignal,
) => Promise<{ data: AuthSession[] }>;

/** Reads the account's credentials (`GET /auth/credentials`). */
export type ListCredentials = (
  accountId: string,
  signal?: AbortSignal,
) => Promise<{ data: AuthMethod[] }>;

function createdSince(item: { createdAt: string }, sentAtServerMs: number): boolean {
  const created = Date.parse(item.createdAt);
  return !Number.isNaN(created) && created >= sentAtServerMs - RECONCILE_CLOCK_MARGIN_MS;
}

function unknown(message: string, details: Record<string, unknown>): ReconcileOutcome {
  return {
    kind: 'unknown',
    error: new WalletAuthError('REQUEST_ID_CONSUMED', message, { details }),
  };
}

/** What identifies a session the lost exchange created. */
export interface ExpectedSession {
  accountId: string;
  /** The type and nickname of the credential (or refreshed session) it was issued for. */
  type: CredentialType;
  nickname: string;
  /** Session ids this client knew before the exchange (its own current session, the refreshed one). */
  knownSessionIds: readonly string[];
  /** The operation's terminal status: 200 for a verify, 201 for a refresh (§11.4). */
  terminalStatus: 200 | 201;
}

/**
 * Finds the session a lost OTP verify or client-held refresh created. An AuthSession carries no
 * public key, so it is picked by shape: the credential's type and nickname, created at or after
 * our first signed send (less the margin), not a session this client already knew. Exactly one
 * candidate is adopted (its key is the one we signed with: the TEK, or the client-held key); none
 * or several is "unknown", and the person signs in again — never a new leg 1 by itself.
 * @param listSessions - `GET /auth/sessions`.
 * @param expected - Account, type, nickname and known ids.
 */
export function reconcileNewSession(
  listSessions: ListSessions,
  expected: ExpectedSession,
): ReconcileStep {
  const known = new Set(expected.knownSessionIds);
  return async ({ requestId, sentAtServerMs, signal }) => {
    const { data } = await listSessions(expected.accountId, signal);
    const candidates = data.filter(
      (session) =>
        session.type === expected.type &&
        session.nickname === expected.nickname &&
        !known.has(session.id) &&
        createdSince(session, sentAtServerMs),
    );
    const [only] = candidates;
    if (candidates.length === 1 && only !== undefined) {
      return { kind: 'committed', status: expected.terminalStatus, body: only };
    }
    return unknown(
      'The sign-in may have gone through, but its answer was lost and this device cannot tell which session is its own. Sign in again.',
      { requestId, candidates: candidates.length },
    );
  };
}

/** pub33 (client-held mode) vs pub65 (documented mode) `clientPublicKey` (docs/protocol.md §15). */
const COMPRESSED_KEY = /^0[23][0-9a-fA-F]{64}$/;

/**
 * Reconciles a lost refresh. In client-held mode the new session's key is the one we sent, so the
 * new session is found as in `reconcileNewSession` (the refreshed session is known). In documented
 * mode the session key was sealed inside the lost answer and cannot be recovered: "unknown" at
 * once, and the person signs in again.
 * @param listSessions - `GET /auth/sessions`.
 * @param refreshed - The refreshed session and the `clientPublicKey` sent.
 */
export function reconcileRefresh(
  listSessions: ListSessions,
  refreshed: {
    accountId: string;
    sessionId: string;
    type: CredentialType;
    nickname: string;
    clientPublicKey: string;
  },
): ReconcileStep {
  if (!COMPRESSED_KEY.test(refreshed.clientPublicKey)) {
    return async ({ requestId }) =>
      unknown(
        'The session was renewed but its answer, which held the new key, was lost. Sign in again.',
        { requestId },
      );
  }
  return reconcileNewSession(listSessions, {
    accountId: refreshed.accountId,
    type: refreshed.type,
    nickname: refreshed.nickname,
    knownSessionIds: [refreshed.sessionId],
    terminalStatus: 201,
  });
}

/**
 * Finds the credential a lost `POST /auth/credentials` added: the body's type (and, for a
 * passkey, its nickname), created at or after our first signed send, exactly one.
 * @param listCredentials - `GET /auth/credentials`.
 * @param body - The add request's body.
 */
export function reconcileNewCredential(
  listCredentials: ListCredentials,
  body: AddCredentialBody,
): ReconcileStep {
  return async ({ requestId, sentAtServerMs, signal }) => {
    const { data } = await listCredentials(body.accountId, signal);
    const candidates = data.filter(
      (method) =>
        method.type === body.type &&
        (body.type !== 'PASSKEY' || method.nickname === body.nickname) &&
        createdSince(method, sentAtServerMs),
    );
    const [only] = candidates;
    if (candidates.length === 1 && only !== undefined) {
      return { kind: 'committed', status: 201, body: only };
    }
    return unknown(
      'The sign-in method may have been added, but the answer was lost. Reload the list to check before adding it again.',
      { requestId, candidates: candidates.length },
    );
  };
}

/**
 * Settles a lost revoke: the item gone from its list is the 204 that was lost; still listed is
 * "unknown" (the consumed id may have ended in an error), and the person may try again.
 * @param list - Reads the ids still listed (sessions or credentials of the account).
 * @param id - The revoked session or credential.
 */
export function reconcileRemoval(
  list: (signal: AbortSignal) => Promise<readonly { id: string }[]>,
  id: string,
): ReconcileStep {
  return async ({ requestId, signal }) => {
    const listed = await list(signal);
    if (!listed.some((item) => item.id === id)) {
      return { kind: 'committed', status: 204, body: undefined };
    }
    return unknown('The removal could not be confirmed: it is still listed. Try again.', {
      requestId,
      id,
    });
  };
}
