/**
 * @wallet-auth/core — headless wallet-authentication kit. The main entry exports the client, the
 * flows and wallet actions, the errors, and their types: what an app signs people in and acts
 * with. The building blocks for a custom flow are in `@wallet-auth/core/primitives`; everything
 * else is internal. Named exports only, values then types (docs/contributing.md §2.8). Nothing here
 * touches a browser global at import time.
 */

// ─── Values: the client and its ports ────────────────────────────────────────────────────────

export { createWalletAuthClient } from './create-wallet-auth-client.js';
export { createIndexedDbKeyStore } from './keys/indexed-db-key-store.js';
export { createMemoryKeyStore } from './keys/memory-key-store.js';
export { preloadWalletAuth } from './on-demand/on-demand.js';
export { createBrowserWebAuthn } from './webauthn/browser-webauthn.js';

// ─── Values: sign-in and credential flows ────────────────────────────────────────────────────

export { createAddCredentialFlow } from './flows/add-credential/add-credential.js';
export { classifyOidcError } from './flows/oauth-login/id-token.js';
export { createOAuthLoginFlow } from './flows/oauth-login/oauth-login.js';
export { readOAuthRedirectResult } from './flows/oauth-login/oauth-redirect-result.js';
export { createOtpLoginFlow } from './flows/otp-login/otp-login.js';
export { createPasskeyLoginFlow } from './flows/passkey-login/passkey-login.js';
export {
  PASSKEY_NICKNAME_MAX_LENGTH,
  validatePasskeyNickname,
} from './flows/passkey-registration/passkey-nickname.js';
export { createPasskeyRegistrationFlow } from './flows/passkey-registration/passkey-registration.js';
export { createRemoveCredentialFlow } from './flows/remove-credential/remove-credential.js';

// ─── Values: wallet actions (the ones loaded on first use come through on-demand.ts) ─────────

export {
  changeContact,
  exportWallet,
  findEmbeddedWallet,
  setWalletPrivacy,
} from './on-demand/on-demand.js';
export { createTransfer, executeTransfer } from './wallet/execute-transfer.js';

// ─── Values: errors ──────────────────────────────────────────────────────────────────────────

export {
  CLIENT_ERROR_CODES,
  isRetryableErrorCode,
  isServerErrorCode,
  SERVER_ERROR_CODES,
} from './errors/error-codes.js';
export { isWalletAuthError, WalletAuthError } from './errors/wallet-auth-error.js';

// ─── Types: the client, its transport, sessions and key store ────────────────────────────────

export type {
  ApiClient,
  ApiClientOptions,
  SignedCallOptions,
  SignedCallPlan,
} from './client/api-client.types.js';
export type { ServiceExchange, ServiceRequest, TransportOptions } from './client/request.js';
export type { ClientKey, SessionKeyMode } from './crypto/client-key.js';
export type {
  EnclaveKeys,
  EnvironmentOptions,
  ResolvedEnvironment,
  WalletAuthEnvironmentName,
} from './crypto/environment.js';
export type { PublicKeyInput } from './crypto/p256.js';
export type { Clock } from './internal/clock.js';
export type { Flow } from './internal/flow.js';
export type { Subscribable } from './internal/subscribable.js';
export type { IndexedDbKeyStoreOptions } from './keys/indexed-db-key-store.js';
export type {
  DecryptionKeyPair,
  KeyPurpose,
  P256KeyPair,
  SigningKeyPair,
} from './keys/key-pair.js';
export type {
  CheckKeyHealthOptions,
  KeyHealth,
  KeyMetadata,
  KeyPersistence,
  KeyStore,
  SaveKeyOptions,
  StoredKey,
} from './keys/key-store.js';
export type { MemoryKeyStoreOptions } from './keys/memory-key-store.js';
export type {
  LockRunner,
  LockRunnerOptions,
  SessionChannel,
  SessionMessage,
} from './session/cross-tab.types.js';
export type {
  AdoptInput,
  SessionManager,
  SessionStamp,
  SessionState,
  SignedOutReason,
  SignOutOutcome,
} from './session/session-manager.types.js';
export type { ActiveSession } from './session/session-record.js';
export type { PayloadIntent } from './signed-retry/payload-intent.js';
export type { SignedRetryChallenge } from './signed-retry/signed-retry.challenge.js';
export type {
  PayloadStamper,
  ReconcileContext,
  ReconcileStep,
} from './signed-retry/signed-retry.js';
export type {
  HttpOutcome,
  ReconcileOutcome,
  SignedLeg,
  SignedRetryCounters,
  SignedRetryEvent,
  SignedRetryState,
  UnsignedResends,
} from './signed-retry/signed-retry.types.js';
export type { StampSubject, TransferSubject } from './signed-retry/stamp-subject.js';
export type * from './types.js';
export type { WalletAuthClient, WalletAuthClientOptions } from './wallet-auth-client.types.js';

// ─── Types: flows ────────────────────────────────────────────────────────────────────────────

export type {
  AddCredentialFlow,
  AddCredentialFlowOptions,
} from './flows/add-credential/add-credential.js';
export type {
  AddableCredentialType,
  AddCredentialEvent,
  AddCredentialState,
} from './flows/add-credential/add-credential.machine.js';
export type {
  GetIdToken,
  IdTokenOutcome,
  IdTokenRequest,
  OAuthMode,
  OidcTokenProblem,
} from './flows/oauth-login/id-token.js';
export type { OAuthLoginFlow, OAuthLoginFlowOptions } from './flows/oauth-login/oauth-login.js';
export type {
  OAuthLoginEvent,
  OAuthLoginMachineOptions,
  OAuthLoginState,
} from './flows/oauth-login/oauth-login.machine.js';
export type { OAuthRedirectResult } from './flows/oauth-login/oauth-redirect-result.js';
export type { OtpLoginFlow, OtpLoginFlowOptions } from './flows/otp-login/otp-login.js';
export type {
  OtpCodeProblem,
  OtpCredentialType,
  OtpLoginEvent,
  OtpLoginMachineOptions,
  OtpLoginState,
} from './flows/otp-login/otp-login.machine.js';
export type {
  PasskeyLoginFlow,
  PasskeyLoginFlowOptions,
} from './flows/passkey-login/passkey-login.js';
export type {
  PasskeyLoginChallenge,
  PasskeyLoginEvent,
  PasskeyLoginState,
} from './flows/passkey-login/passkey-login.machine.js';
export type {
  PasskeyNicknameCheck,
  PasskeyNicknameProblem,
} from './flows/passkey-registration/passkey-nickname.js';
export type { PasskeyRegistrationSettings } from './flows/passkey-registration/passkey-registration.effects.js';
export type {
  PasskeyRegistrationFlow,
  PasskeyRegistrationFlowOptions,
} from './flows/passkey-registration/passkey-registration.js';
export type {
  PasskeyRegistrationEvent,
  PasskeyRegistrationPlan,
  PasskeyRegistrationState,
} from './flows/passkey-registration/passkey-registration.machine.js';
export type { RemoveCredentialFlow } from './flows/remove-credential/remove-credential.js';
export type {
  RemoveCredentialEvent,
  RemoveCredentialState,
} from './flows/remove-credential/remove-credential.machine.js';

// ─── Types: wallet actions and the WebAuthn port ─────────────────────────────────────────────

export type { SignedActionOptions, SignedActionProgress } from './session/signed-action.js';
export type { ContactChange } from './wallet/change-contact.js';
export type { Transfer, TransferParams } from './wallet/execute-transfer.js';
export type { FindEmbeddedWalletOptions } from './wallet/find-embedded-wallet.js';
export type {
  BrowserWebAuthnOptions,
  SimpleWebAuthnLibrary,
} from './webauthn/browser-webauthn.js';
export type {
  AuthenticationResponseJSON,
  AuthenticatorTransportName,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialDescriptorJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
  WebAuthnCeremonyOptions,
  WebAuthnPort,
} from './webauthn/webauthn-port.js';

// ─── Types: errors ───────────────────────────────────────────────────────────────────────────

export type {
  ClientErrorCode,
  ServerErrorCode,
  WalletAuthErrorCode,
} from './errors/error-codes.js';
export type { WalletAuthErrorOptions } from './errors/wallet-auth-error.js';
