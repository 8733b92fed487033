/**
 * The client's public shape, declared apart from its composition root
 * (`create-wallet-auth-client.ts`) so the modules that receive a client never import the code that
 * builds one.
 */
import type { ApiClient } from './client/api-client.types.js';
import type { TransportOptions } from './client/request.js';
import type { SessionKeyMode } from './crypto/client-key.js';
import type { EnvironmentOptions, ResolvedEnvironment } from './crypto/environment.js';
import type { Clock } from './internal/clock.js';
import type { KeyStore } from './keys/key-store.js';
import type { LockRunner, SessionChannel } from './session/cross-tab.types.js';
import type { SessionManager } from './session/session-manager.types.js';

export interface WalletAuthClientOptions extends TransportOptions, EnvironmentOptions {
  /**
   * Prefix of every storage name (IndexedDB database, key names, cross-tab channel), so two
   * widgets on one origin never collide. @defaultValue 'wallet-auth'
   */
  namespace?: string;
  /** Where keys live. @defaultValue an IndexedDB store in `namespace`, falling back to memory */
  keyStore?: KeyStore;
  /** How PASSKEY/OAUTH/refresh sessions receive their key (docs/protocol.md §15). @defaultValue 'documented' */
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
