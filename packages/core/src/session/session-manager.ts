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
import type { KeyMetadata, KeyPersistence, KeyStore, StoredKey } from '../keys/key-store.js';
import type { AuthSession, CredentialType } from '../types.js';
import {
  createBroadcastSessionChannel,
  createLockRunner,
  type LockRunner,
  type SessionChannel,
  type SessionMessage,
} from './cross-tab.js';

/** The session this device holds, as the kit tracks it. */
export interface ActiveSession {
  id: string;
  accountId: string;
  /** The credential that issued it (the service does not say; the kit remembers). */
  credentialId: string | undefined;
  type: CredentialType;
  nickname: string;
  createdAt: string;
  /** Epoch ms. */
  expiresAt: number;
  /** pub33 hex of the session signing key. */
  publicKey: string;
}

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
}

const SLOT = 'session';

function toMetadata(session: ActiveSession): KeyMetadata {
  return {
    sessionId: session.id,
    accountId: session.accountId,
    credentialId: session.credentialId ?? null,
    type: session.type,
    nickname: session.nickname,
    createdAt: session.createdAt,
    expiresAt: session.expiresAt,
  };
}

function fromStored(key: StoredKey): ActiveSession | undefined {
  const m = key.metadata;
  if (
    typeof m.sessionId !== 'string' ||
    typeof m.accountId !== 'string' ||
    typeof m.type !== 'string' ||
    typeof m.expiresAt !== 'number'
  ) {
    return undefined;
  }
  return {
    id: m.sessionId,
    accountId: m.accountId,
    credentialId: typeof m.credentialId === 'string' ? m.credentialId : undefined,
    type: m.type as CredentialType,
    nickname: typeof m.nickname === 'string' ? m.nickname : '',
    createdAt:
      typeof m.createdAt === 'string' ? m.createdAt : new Date(key.createdAt).toISOString(),
    expiresAt: m.expiresAt,
    publicKey: key.keyPair.compressedPublicKeyHex,
  };
}

/** True for 401s meaning the signing session is no longer valid on the service. */
export function isSessionRejected(error: unknown): boolean {
  return (
    isWalletAuthError(error) &&
    error.code === 'WALLET_SIGNATURE_INVALID' &&
    /revoked|expired|not active|unknown session/i.test(error.reason ?? error.message)
  );
}

/** Creates the session manager. Touches no browser API until `init()` or the first subscriber. */
export function createSessionManager(options: SessionManagerOptions) {
  const { api, keyStore, clock } = options;
  const refreshMarginMs = options.refreshMarginMs ?? 60_000;
  const store = createStore<SessionState>({ status: 'loading' });
  let keyPair: SigningKeyPair | undefined;
  let persistence: KeyPersistence | undefined;
  let cancelTimer: (() => void) | undefined;
  let refreshing: Promise<ActiveSession> | undefined;
  let initialising: Promise<void> | undefined;
  let channel: SessionChannel | undefined;
  let stopListening: (() => void) | undefined;
  const lock = options.lock ?? createLockRunner();

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
    const { expiresAt } = state.session;
    const now = clock.now();
    const refreshAt = expiresAt - refreshMarginMs;
    if (refreshMarginMs > 0 && now < expiresAt && !state.refreshing) {
      cancelTimer = clock.setTimeout(
        () => {
          refresh().catch(() => {
            // A failed automatic refresh leaves the session until it expires; the expiry timer
            // below takes over (scheduled again by the state change).
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
    if (state.status === 'active' && clock.now() >= state.session.expiresAt) {
      set({ status: 'expired', session: state.session, persistence: state.persistence });
    } else {
      scheduleTimer();
    }
  }

  function broadcast(message: SessionMessage) {
    channel?.post(message);
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
    const session = fromStored(health.key);
    if (session === undefined || health.key.keyPair.purpose !== 'signing') {
      await keyStore.delete(SLOT).catch(() => undefined);
      keyPair = undefined;
      set({ status: 'signedOut', reason: 'keyMissing', persistence });
      return;
    }
    keyPair = health.key.keyPair as SigningKeyPair;
    if (clock.now() >= session.expiresAt) {
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
            cancelTimer?.();
            keyPair = undefined;
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
   * Makes a verified session this device's session: saves the key with its metadata in one
   * write, then notifies every tab.
   * @throws WalletAuthError `KEY_EXTRACTABLE`, `STORAGE_QUOTA`, `KEY_STORE_UNAVAILABLE`.
   */
  async function adopt(input: {
    session: AuthSession;
    keyPair: SigningKeyPair;
    credentialId?: string | undefined;
  }): Promise<ActiveSession> {
    await init().catch(() => undefined);
    const session: ActiveSession = {
      id: input.session.id,
      accountId: input.session.accountId,
      credentialId: input.credentialId,
      type: input.session.type,
      nickname: input.session.nickname,
      createdAt: input.session.createdAt,
      expiresAt: Date.parse(input.session.expiresAt),
      publicKey: input.keyPair.compressedPublicKeyHex,
    };
    if (Number.isNaN(session.expiresAt)) {
      throw new WalletAuthError('PROTOCOL_ERROR', 'The session has no valid expiresAt.');
    }
    await keyStore.save(SLOT, input.keyPair, { metadata: toMetadata(session) });
    persistence = await keyStore.getPersistence();
    keyPair = input.keyPair;
    set({ status: 'active', session, persistence, refreshing: false });
    broadcast({ type: 'changed', sessionId: session.id });
    return session;
  }

  /**
   * Checks the session and its key before any network call (catalogue KEY-10) and returns the
   * stamper of the current session.
   * @throws WalletAuthError `SESSION_EXPIRED`, `SESSION_KEY_MISSING`.
   */
  async function requireStamper(): Promise<{ session: ActiveSession; stamp: PayloadStamper }> {
    await init().catch(() => undefined);
    const state = store.getSnapshot();
    if (
      state.status === 'expired' ||
      (state.status === 'active' && clock.now() >= state.session.expiresAt)
    ) {
      if (state.status === 'active') {
        set({ status: 'expired', session: state.session, persistence: state.persistence });
      }
      throw new WalletAuthError(
        'SESSION_EXPIRED',
        'Your session has expired. Sign in again to continue.',
      );
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
      cancelTimer?.();
      keyPair = undefined;
      await keyStore.delete(SLOT).catch(() => undefined);
      set({ status: 'expired', session: state.session, persistence: state.persistence });
      return;
    }
    await forget('revoked');
  }

  async function forget(reason: SignedOutReason): Promise<void> {
    cancelTimer?.();
    keyPair = undefined;
    await keyStore.delete(SLOT).catch(() => undefined);
    set({ status: 'signedOut', reason, persistence });
    broadcast({ type: 'signedOut', reason: reason === 'revoked' ? 'revoked' : 'signedOut' });
  }

  async function doRefresh(): Promise<ActiveSession> {
    return lock(`${keyStore.namespace}:session-refresh`, async () => {
      const before = store.getSnapshot();
      // Another tab may have refreshed while this one waited for the lock.
      await readStored();
      const state = store.getSnapshot();
      if (state.status !== 'active') {
        throw new WalletAuthError(
          'SESSION_EXPIRED',
          'Your session has expired. Sign in again to continue.',
        );
      }
      if (before.status === 'active' && state.session.id !== before.session.id) {
        return state.session;
      }
      set({ ...state, refreshing: true });
      try {
        const { stamp } = await requireStamper();
        const clientKey = await createClientKey(options.sessionKeyMode ?? 'documented');
        const next = await api.refreshSession(state.session.id, clientKey.clientPublicKey, {
          stamp,
        });
        const signingKey = await resolveSessionKey({
          clientKey,
          encryptedSessionSigningKey: next.encryptedSessionSigningKey,
        });
        return await adopt({
          session: next,
          keyPair: signingKey,
          credentialId: state.session.credentialId,
        });
      } catch (error) {
        const now = store.getSnapshot();
        if (now.status === 'active' && now.refreshing) {
          set({ ...now, refreshing: false });
        }
        await reportRejected(error);
        throw error;
      }
    });
  }

  /** Refreshes the session; concurrent calls (and other tabs) share one refresh. */
  function refresh(): Promise<ActiveSession> {
    if (refreshing === undefined) {
      refreshing = doRefresh().finally(() => {
        refreshing = undefined;
      });
    }
    return refreshing;
  }

  /**
   * Signs this device out: revokes the session on the service (best effort, signed by itself),
   * deletes the key and tells every tab.
   */
  async function signOut(options: { revoke?: boolean } = {}): Promise<void> {
    await init().catch(() => undefined);
    const state = store.getSnapshot();
    if (options.revoke !== false && state.status === 'active') {
      try {
        const { stamp } = await requireStamper();
        await api.revokeSession(state.session.id, { stamp });
      } catch (error) {
        // 404 = already inactive; any other failure still signs this device out locally.
        if (!(isWalletAuthError(error) && error.status === 404)) {
          // The key is deleted below either way; the service session then simply expires.
        }
      }
    }
    await forget('signedOut');
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
