/**
 * OAUTH sign-in: the machine of `oauth-login.machine.ts` run with the client's API, key handling,
 * session manager and the integrator's `getIdToken`.
 */

import { createFlow, type Flow } from '../../internal/flow.js';
import { runOnDemand } from '../../internal/load-chunk.js';
import { loadOnDemand } from '../../on-demand/on-demand.js';
import type { WalletAuthClient } from '../../wallet-auth-client.types.js';
import type { GetIdToken, OAuthMode } from './id-token.js';
import type { OAuthKey } from './oauth-login.effects.js';
import {
  createOAuthLoginMachine,
  type OAuthLoginEffect,
  type OAuthLoginEvent,
  type OAuthLoginState,
} from './oauth-login.machine.js';
import { type OAuthRedirectResult, readOAuthRedirectResult } from './oauth-redirect-result.js';

/** Options of `createOAuthLoginFlow`. */
export interface OAuthLoginFlowOptions {
  /** Obtains a fresh ID token with the given nonce and state from the identity provider. */
  getIdToken: GetIdToken;
  /**
   * How the provider is shown: `popup`, or `redirect` (the page leaves for the provider and
   * comes back with the answer in its URL). A popup the browser blocks falls back to a redirect
   * when `getIdToken` says so (`PopupBlockedError`). @defaultValue 'popup'
   */
  mode?: OAuthMode;
  /** How long a redirect's pending attempt waits for the answer, seconds. @defaultValue 600 */
  redirectLifetimeSeconds?: number;
  /**
   * Reads the provider's answer to a redirect from the page (and removes it from the URL).
   * @defaultValue the `id_token`, `error` and `state` of `location.hash`
   * (`response_mode=fragment`)
   */
  readRedirectResult?: () => OAuthRedirectResult | null;
}

/** An OAuth sign-in flow: the observable state plus its intents. */
export interface OAuthLoginFlow extends Flow<OAuthLoginState, OAuthLoginEvent> {
  /**
   * Signs in with the OAUTH credential `credentialId` (`AuthMethod:<uuid>`), in the flow's mode
   * or the one given.
   */
  start(credentialId: string, options?: { mode?: OAuthMode }): void;
  /**
   * Completes a sign-in by redirect when the page holds the provider's answer (call it once, as
   * the page loads; `useOAuthLogin` does). The answer is refused with `OAUTH_CALLBACK_INVALID`
   * when no pending attempt of this browser matches it (replayed, never started here), it
   * expired, or its token was issued for another attempt (catalogue OIDC-16).
   * @param result - The answer. @defaultValue `readRedirectResult()`
   * @returns Whether there was an answer to complete.
   */
  completeRedirect(result?: OAuthRedirectResult | null): boolean;
  /**
   * Re-authenticates with the OAUTH credential that issued this device's current or expired
   * session (rule 7). Returns false, and does nothing, when that session did not come from OAUTH.
   */
  reauthenticate(): boolean;
  /** Asks the provider again (after `needsFreshToken`, `cancelled` or a retryable failure). */
  retry(): void;
  cancel(): void;
  /**
   * Makes the next attempt's client key and nonce (and loads the flow's code) ahead of `start()`
   * or `retry()`, e.g. when the button appears: the click then reaches `getIdToken` without
   * waiting on WebCrypto or the network, so the provider's popup opens within the person's click.
   * WebKit (Safari) blocks a popup opened after a SHA-256 digest or an IndexedDB read, where
   * Chromium and Gecko allow seconds (catalogue OIDC-13). A prepared key serves one attempt only
   * (HPKE-19); calling again while one waits does nothing. Resolves once it is ready and never
   * rejects; without it the click makes the key itself.
   */
  prepare(): Promise<void>;
}

/**
 * Creates an OAuth sign-in flow (docs/protocol.md §10, Kit [PD]): the client key is made first
 * (`client.sessionKeyMode`, §15), the nonce is hex SHA-256 of its exact `clientPublicKey` string,
 * the integrator's `getIdToken({ nonce })` supplies a fresh token, and
 * `{"type":"OAUTH","oidcToken","clientPublicKey"}` is verified; the sealed session key is opened
 * and adopted. The token is used once and never stored.
 *
 * @param client - The kit's client.
 * @param options - The integrator's `getIdToken`.
 * @example
 * const flow = createOAuthLoginFlow(client, {
 *   getIdToken: ({ nonce }) => googlePopup({ nonce }),
 * });
 * flow.start(oauthCredentialId);
 */
export function createOAuthLoginFlow(
  client: WalletAuthClient,
  options: OAuthLoginFlowOptions,
): OAuthLoginFlow {
  const machine = createOAuthLoginMachine(options.mode ? { mode: options.mode } : {});
  const redirectLifetimeMs = Math.max(1, options.redirectLifetimeSeconds ?? 600) * 1000;
  const { clock } = client;
  let prepared: Promise<OAuthKey | undefined> | undefined;
  const takePrepared = () => {
    const next = prepared;
    prepared = undefined;
    return next;
  };
  const flow = createFlow<OAuthLoginState, OAuthLoginEvent, OAuthLoginEffect>(
    machine,
    runOnDemand(
      async () =>
        (await loadOnDemand()).oauthLoginEffects(client, {
          getIdToken: options.getIdToken,
          takePrepared,
          redirectLifetimeMs,
        }),
      (effect, error): OAuthLoginEvent =>
        effect.type === 'verify'
          ? { type: 'VERIFY_FAILED', error, now: clock.now() }
          : effect.type === 'completeRedirect'
            ? { type: 'REDIRECT_FAILED', credentialId: undefined, error, now: clock.now() }
            : { type: 'TOKEN_FAILED', error, now: clock.now() },
    ),
    { clock },
  );

  function reauthenticate(): boolean {
    const state = client.sessions.getSnapshot();
    if (
      (state.status === 'active' || state.status === 'expired') &&
      state.session.type === 'OAUTH' &&
      state.session.credentialId !== undefined
    ) {
      flow.send({ type: 'START', credentialId: state.session.credentialId });
      return true;
    }
    return false;
  }

  return {
    ...flow,
    start: (credentialId, startOptions) =>
      flow.send({
        type: 'START',
        credentialId,
        ...(startOptions?.mode ? { mode: startOptions.mode } : {}),
      }),
    completeRedirect(result) {
      const answer =
        result === undefined ? (options.readRedirectResult ?? readOAuthRedirectResult)() : result;
      if (answer === null) {
        return false;
      }
      flow.send({ type: 'RESUME_REDIRECT', result: answer });
      return true;
    },
    reauthenticate,
    retry: () => flow.send({ type: 'RETRY', now: clock.now() }),
    cancel: () => flow.send({ type: 'CANCEL' }),
    prepare() {
      prepared ??= loadOnDemand()
        .then((code) => code.createOAuthKey(client.sessionKeyMode))
        .catch(() => undefined);
      return prepared.then(() => undefined);
    },
  };
}
