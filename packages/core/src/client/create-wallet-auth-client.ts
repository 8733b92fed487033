/**
 * The composition root (house style §2.5.2): API + key store + sessions + environment. Flows are
 * created from it (`createOtpLoginFlow(client)`), so all flow logic stays in `flows/`.
 */
import type { SessionKeyMode } from '../crypto/client-key.js';
import {
  type EnvironmentOptions,
  type ResolvedEnvironment,
  resolveEnvironment,
} from '../crypto/environment.js';
import { type Clock, systemClock } from '../internal/clock.js';
import { createIndexedDbKeyStore } from '../keys/indexed-db-key-store.js';
import type { KeyStore } from '../keys/key-store.js';
import type { LockRunner, SessionChannel } from '../session/cross-tab.js';
import { createSessionManager, type SessionManager } from '../session/session-manager.js';
import { type ApiClient, createApiClient } from './api-client.js';
import type { TransportOptions } from './request.js';

export interface WalletAuthClientOptions extends TransportOptions, EnvironmentOptions {
  /**
   * Prefix of every storage name (IndexedDB database, key names, cross-tab channel), so two
   * widgets on one origin never collide. @defaultValue 'wallet-auth'
   */
  namespace?: string;
  /** Where keys live. @defaultValue an IndexedDB store in `namespace`, falling back to memory */
  keyStore?: KeyStore;
  /** How PASSKEY/OAUTH/refresh sessions receive their key (wire-format §15). @defaultValue 'documented' */
  sessionKeyMode?: SessionKeyMode;
  /** Refresh a session this long before it expires; 0 disables. @defaultValue 60000 */
  refreshMarginMs?: number;
  clock?: Clock;
  /** Draws in [0, 1) for backoff jitter; inject a seeded one in tests. @defaultValue Math.random */
  random?: () => number;
  /** Cross-tab ports (tests inject their own). */
  channel?: SessionChannel | false;
  lock?: LockRunner;
}

/** The kit's client: create it once, outside React, and pass it to flows and the provider. */
export interface WalletAuthClient {
  api: ApiClient;
  sessions: SessionManager;
  keys: KeyStore;
  environment: ResolvedEnvironment;
  clock: Clock;
  sessionKeyMode: SessionKeyMode;
}

/**
 * Creates the kit's client. Touches no browser global until first use, so it is safe to call
 * during server rendering.
 *
 * @throws WalletAuthError `CONFIGURATION_INVALID` for bad pins or namespace.
 * @example
 * const client = createWalletAuthClient({ baseUrl: '/api/2025-10-13', environment: 'production' });
 */
export function createWalletAuthClient(options: WalletAuthClientOptions): WalletAuthClient {
  const clock = options.clock ?? systemClock;
  const environment = resolveEnvironment(options);
  const keys =
    options.keyStore ?? createIndexedDbKeyStore({ namespace: options.namespace ?? 'wallet-auth' });
  const api = createApiClient({ ...options, clock });
  const sessionKeyMode = options.sessionKeyMode ?? 'documented';
  const sessions = createSessionManager({
    api,
    keyStore: keys,
    clock,
    sessionKeyMode,
    ...(options.refreshMarginMs === undefined ? {} : { refreshMarginMs: options.refreshMarginMs }),
    ...(options.channel === undefined ? {} : { channel: options.channel }),
    ...(options.lock === undefined ? {} : { lock: options.lock }),
    ...(options.random === undefined ? {} : { random: options.random }),
  });
  return { api, sessions, keys, environment, clock, sessionKeyMode };
}
