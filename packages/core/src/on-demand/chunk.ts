/**
 * The kit's code loaded on first use, gathered in one module so a bundler emits it as one chunk:
 * opening sealed session keys (passkey and OAuth sign-ins, refresh) and the wallet actions used
 * after sign-in. One chunk rather than one per feature keeps the modules it shares with the rest
 * of the kit in a single shared chunk, instead of many small ones each compressed on its own.
 * Reached only through `on-demand.ts` (see its rule); never exported from the index.
 */

export { createStamp } from '../crypto/stamp.js';
export { createOAuthKey, oauthLoginEffects } from '../flows/oauth-login/oauth-login.effects.js';
export { otpLoginEffects } from '../flows/otp-login/otp-login.effects.js';
export { passkeyLoginEffects } from '../flows/passkey-login/passkey-login.effects.js';
export { leaseLock } from '../session/lease-lock.js';
export {
  createSessionCheck,
  revokeOnService,
  runRefresh,
  sweepLateRefresh,
} from '../session/session.effects.js';
export { PAYLOAD_INTENTS } from '../signed-retry/payload-intent.js';
export {
  reconcileNewCredential,
  reconcileRemoval,
} from '../signed-retry/reconcile.js';
export { startSignedRetry } from '../signed-retry/signed-retry.js';
export { changeContact } from '../wallet/change-contact.js';
export { exportWallet } from '../wallet/export-wallet.js';
export { findEmbeddedWallet } from '../wallet/find-embedded-wallet.js';
export { setWalletPrivacy } from '../wallet/set-wallet-privacy.js';
export { identifyWebAuthnError } from '../webauthn/identify-webauthn-error.js';
