/**
 * The session manager's public shape and state, declared apart from `session-manager.ts` so the
 * modules loaded on demand (the refresh exchange, the signed actions) never import its
 * implementation.
 */
import type { ApiClient } from '../client/api-client.types.js';
import type { SessionKeyMode } from '../crypto/client-key.js';
import type { Clock } from '../internal/clock.js';
import type { Subscribable } from '../internal/subscribable.js';
import type { SigningKeyPair } from '../keys/key-pair.js';
import type { KeyPersistence, KeyStore } from '../keys/key-store.js';
import type { PayloadStamper } from '../signed-retry/signed-retry.js';
import type { AuthSession } from '../types.js';
import type { LockRunner, SessionChannel } from './cross-tab.types.js';
import type { ActiveSession } from './session-record.js';

/**
 * What `signOut()` achieved on the service. The key is always deleted on this device; when the
 * revoke did not reach the service (offline, an error), the session stays valid there until
 * `serverSessionExpiresAt` (epoch ms, service time) — catalogue SES-08.
 */
export type SignOutOutcome = { revoked: true } | { revoked: false; serverSessionExpiresAt: number };

/** Why there is no usable session. */
export type SignedOutReason = 'signedOut' | 'revoked' | 'keyMissing' | 'keyMismatch';

/** The session of this device, as `useSession` and `sessions.getSnapshot()` show it. */
export type SessionState =
  | { status: 'loading' }
  | {
      status: 'signedOut';
      reason: SignedOutReason | undefined;
      persistence: KeyPersistence | undefined;
    }
  | { status: 'active'; session: ActiveSession; persistence: KeyPersistence; refreshing: boolean }
  /** The session's time is up: re-authenticate (docs/service-api.md "Wallet sessions" rule 7). */
  | { status: 'expired'; session: ActiveSession; persistence: KeyPersistence };

/** Options of `createSessionManager`. */
export interface SessionManagerOptions {
  api: ApiClient;
  keyStore: KeyStore;
  clock: Clock;
  sessionKeyMode?: SessionKeyMode;
  /** Refresh this long before `expiresAt`; 0 disables automatic refresh. @defaultValue 60000 */
  refreshMarginMs?: number;
  /** Cross-tab channel; `false` disables. @defaultValue a BroadcastChannel named after the namespace */
  channel?: SessionChannel | false;
  /** Cross-tab lock; @defaultValue Web Locks, else an in-tab mutex */
  lock?: LockRunner;
  /** Uniform [0, 1) source for the refresh backoff's jitter. @defaultValue Math.random */
  random?: () => number;
}

/** What a sign-in flow hands over when its session is verified. */
export interface AdoptInput {
  session: AuthSession;
  keyPair: SigningKeyPair;
  credentialId?: string | undefined;
  /**
   * The `Date` header of the response that delivered the session, epoch ms: the service-clock
   * offset is measured from it (docs/protocol.md §1). Without it, from the session's `updatedAt`.
   */
  serverDateMs?: number | undefined;
  /**
   * Called synchronously once the session is this device's, in the same task as the
   * subscribers' notification: a flow reports its success from here, before any UI that reacts
   * to the new session can unmount the component that runs the flow.
   */
  onAdopted?: ((session: ActiveSession) => void) | undefined;
}

/** The current session and the stamper of its key, as `requireStamper` hands them out. */
export interface SessionStamp {
  session: ActiveSession;
  stamp: PayloadStamper;
  /**
   * Tells the session manager the service refused a call stamped by this session; a refusal
   * saying the session was revoked or expired signs the device out (catalogue SES-01, SES-06).
   */
  reportRejected(error: unknown): Promise<void>;
}

/** This device's session: observable (`subscribe`/`getSnapshot`), with its key and lifecycle. */
export interface SessionManager extends Subscribable<SessionState> {
  /** Restores the persisted session and starts listening to other tabs. Idempotent. */
  init(): Promise<void>;
  /**
   * Makes a verified session this device's session: saves the key with its metadata (and the
   * service-clock offset, docs/protocol.md §1) in one write, then notifies every tab.
   * @throws WalletAuthError `KEY_EXTRACTABLE`, `STORAGE_QUOTA`, `KEY_STORE_UNAVAILABLE`.
   */
  adopt(input: AdoptInput): Promise<ActiveSession>;
  /**
   * Checks the session and its key before any network call (catalogue KEY-10) and returns the
   * stamper of the current session. Expiry is judged on the service's clock (catalogue SES-09).
   * @throws WalletAuthError `SESSION_EXPIRED`, `SESSION_KEY_MISSING`.
   */
  requireStamper(): Promise<SessionStamp>;
  /** Refreshes the session; concurrent calls (and other tabs) share one refresh. */
  refresh(): Promise<ActiveSession>;
  /**
   * Signs this device out: revokes the session on the service (best effort, signed by itself),
   * deletes the key and tells every tab. A 404 (the session was already gone) counts as revoked;
   * a call while one runs shares its outcome (single-flight).
   */
  signOut(options?: { revoke?: boolean }): Promise<SignOutOutcome>;
  /**
   * Revokes another session of the account (or this one, which signs out).
   * @throws WalletAuthError from the signed retry; 404 (already inactive) counts as done.
   */
  revokeSession(sessionId: string): Promise<void>;
  /** Ids of the sessions this tab has held (at most 32, newest last). */
  knownSessionIds(): readonly string[];
  /**
   * Makes sure an ended session does not look active (catalogue SES-22): sets the timers anew
   * from the clock (a refresh or expiry held back by a hidden tab or a sleeping device happens
   * now) and, unless the service confirmed the session in the last 10 s, asks it whether the
   * session is still listed; one it no longer lists moves to `signedOut` (`revoked`) or
   * `expired`. The client calls it when the page comes into view and when a read answers 401.
   */
  recheck(): void;
  /** Stops the timers and the cross-tab listener. */
  dispose(): void;
}
