/**
 * The composition root (docs/contributing.md §2.5): API + key store + sessions + environment. Flows are
 * created from it (`createOtpLoginFlow(client)`), so all flow logic stays in `flows/`.
 */

import { createApiClient } from './client/api-client.js';
import { resolveEnvironment } from './crypto/environment.js';
import { systemClock } from './internal/clock.js';
import { createIndexedDbKeyStore } from './keys/indexed-db-key-store.js';
import { createSessionManager } from './session/session-manager.js';
import type { WalletAuthClient, WalletAuthClientOptions } from './wallet-auth-client.types.js';

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
  const api = createApiClient({
    ...options,
    clock,
    // A read answered 401 may mean the session ended: the session manager checks (SES-22).
    onUnauthorizedRead: () => sessions.recheck(),
  });
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
