/**
 * @wallet-auth/core — headless wallet-authentication kit. Named exports only, values then types
 * (house style §2.8). Nothing here touches a browser global at import time.
 */

// ─── Client, signed retry, sessions and the OTP flow ──────────────────────────────────────────
export { createApiClient } from './client/api-client.js';
export type { ApiClient, ApiClientOptions, SignedCallOptions } from './client/api-client.types.js';
export type { ServiceExchange, ServiceRequest, TransportOptions } from './client/request.js';
export { buildUrl, encodePathSegment, sendServiceRequest } from './client/request.js';
export { createWalletAuthClient } from './create-wallet-auth-client.js';
// Types
export type { ClientKey, ResolveSessionKeyParams, SessionKeyMode } from './crypto/client-key.js';
// Values
export type { DecryptExportBundleParams } from './crypto/decrypt-export-bundle.js';
export type { DecryptSessionKeyParams } from './crypto/decrypt-session-key.js';
export type { EcdsaSignature } from './crypto/der.js';
export {
  normalizeLowS,
  parseDerSignature,
  signatureFromP1363,
  signatureToDerHex,
  signatureToP1363,
} from './crypto/der.js';
export type { VerifyMessageSignatureParams } from './crypto/ecdsa.js';
export { assertSigningKey, signMessage, verifyMessageSignature } from './crypto/ecdsa.js';
export type { EnclaveBundle, VerifyEnclaveSignatureParams } from './crypto/enclave-bundle.js';
export type {
  EncryptedOtpCode,
  EncryptOtpCodeParams,
  SealOtpPlaintextParams,
} from './crypto/encrypt-otp-code.js';
export type {
  EnclaveKeys,
  EnvironmentOptions,
  ResolvedEnvironment,
  WalletAuthEnvironmentName,
} from './crypto/environment.js';
export {
  PRODUCTION_EXPORT_SIGNER_PUBLIC_KEY,
  PRODUCTION_OTP_SIGNER_PUBLIC_KEY,
  resolveEnvironment,
} from './crypto/environment.js';
export type { HpkeOpenParams, HpkeSealed, HpkeSealParams } from './crypto/hpke.js';
export { HPKE_INFO, hpkeOpen, hpkeSeal } from './crypto/hpke.js';
export type { OtpTarget } from './crypto/otp-target-bundle.js';
export type { PublicKeyInput } from './crypto/p256.js';
export {
  compressPublicKey,
  decompressPublicKey,
  isPrivateScalar,
  isPublicKey,
  P256_ORDER,
  publicKeysEqual,
  toUncompressedPublicKey,
} from './crypto/p256.js';
export type { RegistrationChallenge } from './crypto/passkey-challenge.js';
export type {
  CreateStampParams,
  DecodedStamp,
  StampContents,
  VerifyStampParams,
} from './crypto/stamp.js';
export {
  createStamp,
  decodeStamp,
  encodeStamp,
  SIGNATURE_HEADER_NAME,
  STAMP_SCHEME,
  verifyStamp,
} from './crypto/stamp.js';
export { assertVerificationTokenBinding } from './crypto/verification-token.js';
export { base64UrlToBytes, bytesToBase64Url } from './encoding/base64url.js';
export { bytesToHex, hexToBytes, isHex } from './encoding/hex.js';
export { bytesToUtf8, utf8ToBytes } from './encoding/utf8.js';
export type {
  ClientErrorCode,
  ServerErrorCode,
  WalletAuthErrorCode,
} from './errors/error-codes.js';
export {
  CLIENT_ERROR_CODES,
  isRetryableErrorCode,
  isServerErrorCode,
  SERVER_ERROR_CODES,
} from './errors/error-codes.js';
export type { FromErrorEnvelopeOptions } from './errors/from-error-envelope.js';
export { fromErrorEnvelope } from './errors/from-error-envelope.js';
export type { ParseRetryAfterOptions } from './errors/parse-retry-after.js';
export { parseRetryAfter } from './errors/parse-retry-after.js';
export type { WalletAuthErrorOptions } from './errors/wallet-auth-error.js';
export { isWalletAuthError, WalletAuthError } from './errors/wallet-auth-error.js';
export type { OtpLoginFlow, OtpLoginFlowOptions } from './flows/otp-login/otp-login.js';
export { createOtpLoginFlow } from './flows/otp-login/otp-login.js';
export type {
  OtpCodeProblem,
  OtpCredentialType,
  OtpLoginEffect,
  OtpLoginEvent,
  OtpLoginMachineOptions,
  OtpLoginState,
} from './flows/otp-login/otp-login.machine.js';
export { classifyCodeError, createOtpLoginMachine } from './flows/otp-login/otp-login.machine.js';
export type { Clock } from './internal/clock.js';
export { systemClock } from './internal/clock.js';
export type {
  CreateFlowOptions,
  EffectContext,
  EffectRunner,
  Flow,
  Machine,
  ScheduleEffect,
} from './internal/flow.js';
export { createFlow } from './internal/flow.js';
export type { Subscribable } from './internal/subscribable.js';
export type { IndexedDbKeyStoreOptions } from './keys/indexed-db-key-store.js';
export { createIndexedDbKeyStore } from './keys/indexed-db-key-store.js';
export type {
  DecryptionKeyPair,
  KeyPurpose,
  P256KeyPair,
  SigningKeyPair,
} from './keys/key-pair.js';
export {
  describeKeyPair,
  generateDecryptionKeyPair,
  generateSigningKeyPair,
  purposeOf,
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
export { createMemoryKeyStore } from './keys/memory-key-store.js';
export { DEFAULT_KEY_NAMESPACE } from './keys/record-key-store.js';
export {
  preloadWalletAuth,
  reconcileNewCredential,
  reconcileNewSession,
  reconcileRefresh,
  reconcileRemoval,
} from './on-demand/on-demand.js';
export type { LockRunner, SessionChannel, SessionMessage } from './session/cross-tab.js';
export { createBroadcastSessionChannel, createLockRunner } from './session/cross-tab.js';
export { isSessionRejected } from './session/session-errors.js';
export { createSessionManager } from './session/session-manager.js';
export type {
  SessionManager,
  SessionManagerOptions,
  SessionState,
  SignedOutReason,
  SignOutOutcome,
} from './session/session-manager.types.js';
export type { ActiveSession } from './session/session-record.js';
export type { PayloadCheck, PayloadIntent } from './signed-retry/payload-intent.js';
export { checkPayloadIntent, PAYLOAD_INTENTS } from './signed-retry/payload-intent.js';
export type {
  ExpectedSession,
  ListCredentials,
  ListSessions,
} from './signed-retry/reconcile.js';
export {
  MAX_AUTO_WAIT_MS,
  MAX_RATE_LIMIT_RETRIES,
  MAX_SIGNED_SENDS,
  RATE_LIMIT_BASE_MS,
  RATE_LIMIT_CAP_MS,
  RECONCILE_CLOCK_MARGIN_MS,
  rateLimitBackoffMs,
} from './signed-retry/signed-retry.backoff.js';
export { MAX_PAYLOAD_TO_SIGN_BYTES } from './signed-retry/signed-retry.challenge.js';
export type {
  PayloadStamper,
  ReconcileContext,
  ReconcileStep,
  SignedRetryOptions,
  SignedRetryResult,
} from './signed-retry/signed-retry.js';
export {
  REQUEST_ID_HEADER,
  runSignedRetry,
  SIGNATURE_HEADER,
  startSignedRetry,
} from './signed-retry/signed-retry.js';
export type {
  HttpOutcome,
  ReconcileOutcome,
  SignedRetryChallenge,
  SignedRetryEffect,
  SignedRetryEvent,
  SignedRetryPlan,
  SignedRetryState,
} from './signed-retry/signed-retry.machine.js';
export {
  createSignedRetryMachine,
  isProcessing,
  parseChallenge,
  processingBackoffMs,
} from './signed-retry/signed-retry.machine.js';
export type * from './types.js';
export type { WalletAuthClient, WalletAuthClientOptions } from './wallet-auth-client.types.js';

// ---------------------------------------------------------------------------------------------
// Credential flows (passkey, OAuth, add/remove credential), WebAuthn port and wallet actions.
// Values first, then types; each list is kept apart by the detached comments.

export { createAddCredentialFlow } from './flows/add-credential/add-credential.js';
export { createAddCredentialMachine } from './flows/add-credential/add-credential.machine.js';
export { classifyOidcError, requestIdToken } from './flows/oauth-login/id-token.js';
export { createOAuthLoginFlow } from './flows/oauth-login/oauth-login.js';
export { createOAuthLoginMachine } from './flows/oauth-login/oauth-login.machine.js';
export { createPasskeyLoginFlow } from './flows/passkey-login/passkey-login.js';
export {
  createPasskeyLoginMachine,
  isPasskeyRetryable,
} from './flows/passkey-login/passkey-login.machine.js';
export {
  PASSKEY_NICKNAME_MAX_LENGTH,
  validatePasskeyNickname,
} from './flows/passkey-registration/passkey-nickname.js';
export { createPasskeyRegistrationFlow } from './flows/passkey-registration/passkey-registration.js';
export { createPasskeyRegistrationMachine } from './flows/passkey-registration/passkey-registration.machine.js';
export { createRemoveCredentialFlow } from './flows/remove-credential/remove-credential.js';
export {
  createRemoveCredentialMachine,
  isOwnRevocationError,
  lastCredentialError,
} from './flows/remove-credential/remove-credential.machine.js';
// Loaded on first use (on-demand/on-demand.ts): an app's sign-in never downloads them.
export {
  changeContact,
  exportWallet,
  findEmbeddedWallet,
  setWalletPrivacy,
} from './on-demand/on-demand.js';
export { createTransfer, executeTransfer } from './wallet/execute-transfer.js';
export { createBrowserWebAuthn } from './webauthn/browser-webauthn.js';

// Credential flows, WebAuthn port and wallet actions: types.

export type {
  AddCredentialFlow,
  AddCredentialFlowOptions,
} from './flows/add-credential/add-credential.js';
export type {
  AddableCredentialType,
  AddCredentialEffect,
  AddCredentialEvent,
  AddCredentialState,
} from './flows/add-credential/add-credential.machine.js';
export type {
  GetIdToken,
  IdTokenOutcome,
  IdTokenRequest,
  OidcTokenProblem,
} from './flows/oauth-login/id-token.js';
export type { OAuthLoginFlow, OAuthLoginFlowOptions } from './flows/oauth-login/oauth-login.js';
export type {
  OAuthLoginEffect,
  OAuthLoginEvent,
  OAuthLoginState,
} from './flows/oauth-login/oauth-login.machine.js';
export type {
  PasskeyLoginFlow,
  PasskeyLoginFlowOptions,
} from './flows/passkey-login/passkey-login.js';
export type {
  PasskeyLoginChallenge,
  PasskeyLoginEffect,
  PasskeyLoginEvent,
  PasskeyLoginState,
} from './flows/passkey-login/passkey-login.machine.js';
export type {
  PasskeyNicknameCheck,
  PasskeyNicknameProblem,
} from './flows/passkey-registration/passkey-nickname.js';
export type {
  PasskeyRegistrationFlow,
  PasskeyRegistrationFlowOptions,
} from './flows/passkey-registration/passkey-registration.js';
export type {
  PasskeyRegistrationEffect,
  PasskeyRegistrationEvent,
  PasskeyRegistrationPlan,
  PasskeyRegistrationState,
} from './flows/passkey-registration/passkey-registration.machine.js';
export type { RemoveCredentialFlow } from './flows/remove-credential/remove-credential.js';
export type {
  RemoveCredentialEffect,
  RemoveCredentialEvent,
  RemoveCredentialState,
} from './flows/remove-credential/remove-credential.machine.js';
export type {
  SignedActionOptions,
  SignedActionProgress,
} from './session/signed-action.js';
export type { ContactChange } from './wallet/change-contact.js';
export type { Transfer, TransferParams } from './wallet/execute-transfer.js';
export type { FindEmbeddedWalletOptions } from './wallet/find-embedded-wallet.js';
export type { BrowserWebAuthnOptions } from './webauthn/browser-webauthn.js';
export type { PasskeyCreationParams } from './webauthn/create-passkey-attestation.js';
export type { PasskeyRequestParams } from './webauthn/get-passkey-assertion.js';
export type { IdentifyWebAuthnErrorContext } from './webauthn/identify-webauthn-error.js';
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
