/**
 * The session manager: the current session and its non-extractable key, persisted across reloads
 * (metadata beside the key in the key store), expiry and refresh timers, single-flight refresh
 * across tabs, sign-out and revocation reaching every tab. Observable with `subscribe` /
 * `getSnapshot` (house style §2.5.1).
 */
import type { ApiClient } from '../client/api-client.js';
import type { PayloadStamper } from '../client/signed-retry.js';
import { createClientKey, resolveSessionKey, type SessionKeyMode } from '../crypto/client-key.js';
import { createStamp } from '../crypto/stamp.js';
import { isWalletAuthError, WalletAuthError } from '../errors/wallet-auth-error.js';
import type { Clock } from '../internal/clock.js';
import { createStore } from '../internal/subscribable.js';
import type { SigningKeyPair } from '../keys/key-pair.js';
import type { KeyPersistence, KeyStore } from '../keys/key-store.js';
import type { AuthSession } from '../types.js';
import {
  createBroadcastSessionChannel,
  createLockRunner,
  type LockRunner,
  type SessionChannel,
  type SessionMessage,
} from './cross-tab.js';
import { refreshRetryDelay } from './refresh-backoff.js';
import { deriveClockOffset } from './server-clock.js';
import { type ActiveSession, fromStored, toActiveSession, toMetadata } from './session-record.js';

export type { ActiveSession } from './session-record.js';

/** Why there is no usable session. */
export type SignedOutReason = 'signedOut' | 'revoked' | 'keyMissing' | 'keyMismatch';

export type SessionState =
  | { status: 'loading' }
  | {
      status: 'signedOut';
      reason: SignedOutReason | undefined;
      persistence: KeyPersistence | undefined;
    }
  | { status: 'active'; session: ActiveSession; persistence: KeyPersistence; refreshing: boolean }
  /** The session's time is up: re-authenticate (service interface "Wallet sessions" rule 7). */
  | { status: 'expired'; session: ActiveSession; persistence: KeyPersistence };

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
   * offset is measured from it (wire-format §1). Without it, from the session's `updatedAt`.
   */
  serverDateMs?: number | undefined;
}

const SLOT = 'session';

function sessionExpired(): WalletAuthError {
  return new WalletAuthError(
    'SESSION_EXPIRED',
    'Your session has expired. Sign in again to continue.',
  );
}

function noSession(): WalletAuthError {
  return new WalletAuthError(
    'SESSION_KEY_MISSING',
    'There is no session on this device. Sign in to continue.',
  );
}

function signedOutWhileRefreshing(): WalletAuthError {
  return new WalletAuthError(
    'SESSION_KEY_MISSING',
    'The session ended on this device while it was being refreshed. Sign in again.',
  );
}

/** True for 401s meaning the signing session is no longer valid on the service. */
export function isSessionRejected(error: unknown): boolean {
  return (
    isWalletAuthError(error) &&
    error.code === 'WALLET_SIGNATURE_INVALID' &&
    /revoked|expired|not active|unknown session/i.test(error.reason ?? error.message)
  );
}

/**
 * True for a 401 on a refresh meaning the session itself is over on the service: a rejected
 * session signature, or the emulator's `UNAUTHORIZED` "Session is not active" for the path's
 * session (catalogue SES-03: re-authenticate, no retry).
 */
function isRefreshRefused(error: unknown): boolean {
  return (
    isSessionRejected(error) ||
    (isWalletAuthError(error) &&
      error.status === 401 &&
      error.code === 'UNAUTHORIZED' &&
      /not active|revoked|unknown session/i.test(error.reason ?? error.message))
  );
}

/** Creates the session manager. Touches no browser API until `init()` or the first subscriber. */
export function createSessionManager(options: SessionManagerOptions) {
  const { api, keyStore, clock } = options;
  const refreshMarginMs = options.refreshMarginMs ?? 60_000;
  const random = options.random ?? Math.random;
  const store = createStore<SessionState>({ status: 'loading' });
  let keyPair: SigningKeyPair | undefined;
  let persistence: KeyPersistence | undefined;
  let cancelTimer: (() => void) | undefined;
  let refreshing: Promise<ActiveSession> | undefined;
  let initialising: Promise<void> | undefined;
  let channel: SessionChannel | undefined;
  let stopListening: (() => void) | undefined;
  /** Service clock minus device clock for the current session (catalogue SES-09). */
  let clockOffsetMs = 0;
  /**
   * Counts the times this tab saw the session end (sign-out, revocation, expiry). A refresh that
   * started under an older count never adopts its result (catalogue SES-05).
   */
  let endings = 0;
  /** Failed refreshes of one session and the earliest next try (catalogue SES-03). */
  let retry: { sessionId: string; failures: number; notBefore: number } | undefined;
  const lock = options.lock ?? createLockRunner();
  const refreshLock = `${keyStore.namespace}:session-refresh`;

  /** The service's time now, as well as this device can tell (wire-format §1). */
  const serverNow = () => clock.now() + clockOffsetMs;

  function set(next: SessionState) {
    store.set(next);
    scheduleTimer();
  }

  function scheduleTimer() {
    cancelTimer?.();
    cancelTimer = undefined;
    const state = store.getSnapshot();
    if (state.status !== 'active') {
      return;
    }
    const { id, expiresAt } = state.session;
    const now = serverNow();
    const backoff = retry?.sessionId === id ? retry.notBefore : Number.NEGATIVE_INFINITY;
    const refreshAt = Math.max(expiresAt - refreshMarginMs, backoff);
    if (refreshMarginMs > 0 && now < expiresAt && refreshAt < expiresAt && !state.refreshing) {
      cancelTimer = clock.setTimeout(
        () => {
          refresh().catch(() => {
            // A failed automatic refresh is tried again after a backoff (recorded in doRefresh),
            // never at or past expiresAt; the expiry timer takes over from there.
          });
        },
        Math.max(0, refreshAt - now),
      );
      return;
    }
    cancelTimer = clock.setTimeout(expire, Math.max(0, expiresAt - now));
  }

  function expire() {
    const state = store.getSnapshot();
    if (state.status === 'active' && serverNow() >= state.session.expiresAt) {
      set({ status: 'expired', session: state.session, persistence: state.persistence });
    } else {
      scheduleTimer();
    }
  }

  function broadcast(message: SessionMessage) {
    channel?.post(message);
  }

  /** Notes that the session ended in this tab: in-flight refreshes must not bring it back. */
  function ended() {
    endings += 1;
    retry = undefined;
    cancelTimer?.();
    keyPair = undefined;
  }

  async function readStored(): Promise<void> {
    persistence = await keyStore.getPersistence();
    const current = store.getSnapshot();
    const health = await keyStore.checkHealth(SLOT);
    if (health.status === 'unsupported') {
      keyPair = undefined;
      set({ status: 'signedOut', reason: undefined, persistence: 'memory' });
      return;
    }
    if (health.status === 'missing') {
      keyPair = undefined;
      const hadSession = current.status === 'active' || current.status === 'expired';
      set({
        status: 'signedOut',
        reason: hadSession || health.reason === 'corrupt' ? 'keyMissing' : undefined,
        persistence,
      });
      return;
    }
    const record = fromStored(health.key);
    if (record === undefined || health.key.keyPair.purpose !== 'signing') {
      await keyStore.delete(SLOT).catch(() => undefined);
      keyPair = undefined;
      set({ status: 'signedOut', reason: 'keyMissing', persistence });
      return;
    }
    keyPair = health.key.keyPair as SigningKeyPair;
    clockOffsetMs = record.clockOffsetMs;
    const { session } = record;
    if (serverNow() >= session.expiresAt) {
      set({ status: 'expired', session, persistence });
    } else {
      set({ status: 'active', session, persistence, refreshing: false });
    }
  }

  /** Restores the persisted session and starts listening to other tabs. Idempotent. */
  function init(): Promise<void> {
    if (initialising === undefined) {
      if (options.channel !== false) {
        channel = options.channel ?? createBroadcastSessionChannel(`${keyStore.namespace}:session`);
        stopListening = channel?.listen((message) => {
          if (message.type === 'signedOut') {
            ended();
            set({ status: 'signedOut', reason: message.reason, persistence });
          } else {
            readStored().catch(() => undefined);
          }
        });
      }
      initialising = readStored().catch((error: unknown) => {
        set({ status: 'signedOut', reason: undefined, persistence: 'memory' });
        throw error;
      });
    }
    return initialising;
  }

  /**
   * Saves a session and its key in one write and makes it this tab's session, then tells the
   * other tabs. `stillWanted` is asked after the write: when it says no, the write is undone.
   */
  async function commit(
    input: AdoptInput & { refreshedFrom?: string | undefined },
    stillWanted: () => boolean = () => true,
  ): Promise<ActiveSession> {
    const session = toActiveSession(
      input.session,
      input.keyPair.compressedPublicKeyHex,
      input.credentialId,
    );
    if (Number.isNaN(session.expiresAt)) {
      throw new WalletAuthError('PROTOCOL_ERROR', 'The session has no valid expiresAt.');
    }
    const offset = deriveClockOffset({
      serverDateMs: input.serverDateMs,
      issuedAt: input.session.updatedAt ?? input.session.createdAt,
      deviceNow: clock.now(),
    });
    const record = { session, clockOffsetMs: offset, refreshedFrom: input.refreshedFrom };
    await keyStore.save(SLOT, input.keyPair, { metadata: toMetadata(record) });
    if (!stillWanted()) {
      const health = await keyStore.checkHealth(SLOT, { expectedPublicKey: session.publicKey });
      if (health.status === 'present') {
        await keyStore.delete(SLOT).catch(() => undefined);
      }
      throw signedOutWhileRefreshing();
    }
    persistence = await keyStore.getPersistence();
    keyPair = input.keyPair;
    clockOffsetMs = offset;
    retry = undefined;
    set({ status: 'active', session, persistence, refreshing: false });
    broadcast({ type: 'changed', sessionId: session.id });
    return session;
  }

  /**
   * Makes a verified session this device's session: saves the key with its metadata (and the
   * service-clock offset, wire-format §1) in one write, then notifies every tab.
   * @throws WalletAuthError `KEY_EXTRACTABLE`, `STORAGE_QUOTA`, `KEY_STORE_UNAVAILABLE`.
   */
  async function adopt(input: AdoptInput): Promise<ActiveSession> {
    await init().catch(() => undefined);
    return commit(input);
  }

  /**
   * Checks the session and its key before any network call (catalogue KEY-10) and returns the
   * stamper of the current session. Expiry is judged on the service's clock (catalogue SES-09).
   * @throws WalletAuthError `SESSION_EXPIRED`, `SESSION_KEY_MISSING`.
   */
  async function requireStamper(): Promise<{ session: ActiveSession; stamp: PayloadStamper }> {
    await init().catch(() => undefined);
    const state = store.getSnapshot();
    if (
      state.status === 'expired' ||
      (state.status === 'active' && serverNow() >= state.session.expiresAt)
    ) {
      if (state.status === 'active') {
        set({ status: 'expired', session: state.session, persistence: state.persistence });
      }
      throw sessionExpired();
    }
    if (state.status !== 'active' || keyPair === undefined) {
      throw new WalletAuthError(
        'SESSION_KEY_MISSING',
        'There is no session on this device. Sign in to continue.',
      );
    }
    {
      // Site data can be cleared under a running tab (catalogue KEY-10): look before signing.
      const health = await keyStore.checkHealth(SLOT, {
        expectedPublicKey: state.session.publicKey,
      });
      if (health.status !== 'present') {
        keyPair = undefined;
        set({
          status: 'signedOut',
          reason: health.status === 'mismatched' ? 'keyMismatch' : 'keyMissing',
          persistence,
        });
        throw new WalletAuthError(
          'SESSION_KEY_MISSING',
          "This device's session key is gone (site data was cleared). Sign in again.",
        );
      }
    }
    const signingKey = keyPair;
    return {
      session: state.session,
      stamp: (payload) => createStamp({ payload, keyPair: signingKey }),
    };
  }

  /** Marks the session revoked or expired after the service rejected its signature. */
  async function reportRejected(error: unknown): Promise<void> {
    if (!isSessionRejected(error)) {
      return;
    }
    const reason = isWalletAuthError(error) ? (error.reason ?? error.message) : '';
    const state = store.getSnapshot();
    if (/expired/i.test(reason) && !/revoked/i.test(reason) && state.status === 'active') {
      // The service's clock passed expiresAt before ours did: re-authenticate (rule 7), which is
      // not the same as having been signed out from another device.
      ended();
      await keyStore.delete(SLOT).catch(() => undefined);
      set({ status: 'expired', session: state.session, persistence: state.persistence });
      return;
    }
    await forget('revoked');
  }

  async function forget(reason: SignedOutReason): Promise<void> {
    ended();
    await keyStore.delete(SLOT).catch(() => undefined);
    set({ status: 'signedOut', reason, persistence });
    broadcast({ type: 'signedOut', reason: reason === 'revoked' ? 'revoked' : 'signedOut' });
  }

  /** Records a failed refresh of `sessionId` and when the next may run (catalogue SES-03). */
  function noteRefreshFailure(sessionId: string, error: unknown) {
    const failures = retry?.sessionId === sessionId ? retry.failures + 1 : 1;
    const retryAfter =
      isWalletAuthError(error) && error.code === 'RATE_LIMITED'
        ? Number(error.details?.retryAfterSeconds)
        : Number.NaN;
    const delay = refreshRetryDelay(
      failures,
      random,
      Number.isFinite(retryAfter) ? retryAfter * 1000 : 0,
    );
    retry = { sessionId, failures, notBefore: serverNow() + delay };
  }

  /**
   * Refreshes `due` (the session that was due when the refresh was asked for) under the cross-tab
   * lock. Inside the lock, a slot holding another session means a tab already refreshed it: that
   * one is the answer (catalogue SES-04). A result arriving after the session ended is discarded
   * and its new session revoked (catalogue SES-05).
   */
  async function doRefresh(due: ActiveSession, epoch: number): Promise<ActiveSession> {
    return lock(refreshLock, async () => {
      await readStored();
      const state = store.getSnapshot();
      if (state.status === 'active' && state.session.id !== due.id) {
        return state.session;
      }
      if (state.status !== 'active' || epoch !== endings) {
        throw state.status === 'expired' ? sessionExpired() : signedOutWhileRefreshing();
      }
      set({ ...state, refreshing: true });
      try {
        const { stamp } = await requireStamper();
        const clientKey = await createClientKey(options.sessionKeyMode ?? 'documented');
        const next = await api.refreshSession(due.id, clientKey.clientPublicKey, { stamp });
        const signingKey = await resolveSessionKey({
          clientKey,
          encryptedSessionSigningKey: next.encryptedSessionSigningKey,
        });
        const stillWanted = () => epoch === endings;
        if (!stillWanted() || !(await slotHolds(due))) {
          await revokeQuietly(next.id, signingKey);
          throw signedOutWhileRefreshing();
        }
        try {
          return await commit(
            {
              session: next,
              keyPair: signingKey,
              credentialId: due.credentialId,
              refreshedFrom: due.id,
            },
            stillWanted,
          );
        } catch (error) {
          if (isWalletAuthError(error) && error.code === 'SESSION_KEY_MISSING') {
            await revokeQuietly(next.id, signingKey);
          }
          throw error;
        }
      } catch (error) {
        const now = store.getSnapshot();
        if (isRefreshRefused(error)) {
          // The service no longer knows this session as active: re-authenticate, never retry.
          await reportRejected(error);
          const after = store.getSnapshot();
          if (after.status === 'active' && after.session.id === due.id) {
            ended();
            await keyStore.delete(SLOT).catch(() => undefined);
            set({ status: 'expired', session: after.session, persistence: after.persistence });
          }
          throw error;
        }
        if (now.status === 'active' && now.session.id === due.id) {
          noteRefreshFailure(due.id, error);
        }
        if (now.status === 'active' && now.refreshing) {
          set({ ...now, refreshing: false });
        }
        throw error;
      }
    });
  }

  /** True while the key slot still holds `session` (no other tab signed out or replaced it). */
  async function slotHolds(session: ActiveSession): Promise<boolean> {
    const health = await keyStore.checkHealth(SLOT, { expectedPublicKey: session.publicKey });
    return health.status === 'present' && health.key.metadata.sessionId === session.id;
  }

  /** Best-effort revoke of a session nobody will use, signed by its own key. */
  async function revokeQuietly(sessionId: string, signingKey: SigningKeyPair): Promise<void> {
    await api
      .revokeSession(sessionId, {
        stamp: (payload) => createStamp({ payload, keyPair: signingKey }),
      })
      .catch(() => undefined);
  }

  /** Refreshes the session; concurrent calls (and other tabs) share one refresh. */
  function refresh(): Promise<ActiveSession> {
    if (refreshing === undefined) {
      // The snapshot is taken now, before waiting for the lock (catalogue SES-04).
      const state = store.getSnapshot();
      const epoch = endings;
      const run =
        state.status === 'active'
          ? doRefresh(state.session, epoch)
          : init()
              .catch(() => undefined)
              .then(() => {
                const now = store.getSnapshot();
                if (now.status !== 'active') {
                  throw now.status === 'expired' ? sessionExpired() : noSession();
                }
                return doRefresh(now.session, epoch);
              });
      refreshing = run.finally(() => {
        refreshing = undefined;
      });
    }
    return refreshing;
  }

  /**
   * After a sign-out, waits for any refresh another tab has in flight (it holds the lock) and
   * undoes a result that slipped into the key slot anyway: deletes it, revokes it, tells every tab
   * (catalogue SES-05).
   */
  async function sweepLateRefresh(endedSessionId: string): Promise<void> {
    await lock(refreshLock, async () => {
      const health = await keyStore.checkHealth(SLOT);
      if (health.status !== 'present') {
        return;
      }
      const record = fromStored(health.key);
      if (record === undefined || record.refreshedFrom !== endedSessionId) {
        return;
      }
      await keyStore.delete(SLOT).catch(() => undefined);
      ended();
      set({ status: 'signedOut', reason: 'signedOut', persistence });
      broadcast({ type: 'signedOut', reason: 'signedOut' });
      await revokeQuietly(record.session.id, health.key.keyPair as SigningKeyPair);
    });
  }

  /**
   * Signs this device out: revokes the session on the service (best effort, signed by itself),
   * deletes the key and tells every tab. Does not wait for another tab's refresh; a late result
   * of one is swept afterwards (catalogue SES-05).
   */
  async function signOut(options: { revoke?: boolean } = {}): Promise<void> {
    await init().catch(() => undefined);
    const state = store.getSnapshot();
    if (options.revoke !== false && state.status === 'active') {
      try {
        const { stamp } = await requireStamper();
        await api.revokeSession(state.session.id, { stamp });
      } catch {
        // 404 = already inactive; any other failure still signs this device out locally: the
        // key is deleted below either way and the service session then simply expires.
      }
    }
    await forget('signedOut');
    if (state.status === 'active' || state.status === 'expired') {
      sweepLateRefresh(state.session.id).catch(() => undefined);
    }
  }

  /**
   * Revokes another session of the account (or this one, which signs out).
   * @throws WalletAuthError from the signed retry; 404 (already inactive) counts as done.
   */
  async function revokeSession(sessionId: string): Promise<void> {
    const { session, stamp } = await requireStamper();
    if (sessionId === session.id) {
      await signOut();
      return;
    }
    try {
      await api.revokeSession(sessionId, { stamp });
    } catch (error) {
      if (isWalletAuthError(error) && error.status === 404) {
        return;
      }
      await reportRejected(error);
      throw error;
    }
  }

  return {
    getSnapshot: store.getSnapshot,
    subscribe(listener: () => void) {
      init().catch(() => undefined);
      return store.subscribe(listener);
    },
    init,
    adopt,
    requireStamper,
    refresh,
    signOut,
    revokeSession,
    reportRejected,
    /** The signing key of the current session, for flows that stamp with it (never exported). */
    currentKeyPair: () => keyPair,
    dispose() {
      cancelTimer?.();
      stopListening?.();
      channel?.close();
    },
  };
}

/** The session manager's public shape. */
export type SessionManager = ReturnType<typeof createSessionManager>;
