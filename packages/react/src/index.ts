'use client';

/**
 * @wallet-auth/react — the provider, hooks and accessible components of the Wallet Auth Kit.
 * Re-exports the core's public index by name (house style §2.5.6; Next.js refuses `export *`
 * in a client boundary), then its own exports, values then types. Nothing here touches a
 * browser global at import time.
 */

// ─── @wallet-auth/core, by name: a "use client" entry may not `export *` (Next.js) ───────────
export type {
  ActiveSession,
  AddableCredentialType,
  AddCredentialBody,
  AddCredentialEffect,
  AddCredentialEvent,
  AddCredentialFlow,
  AddCredentialFlowOptions,
  AddCredentialState,
  ApiClient,
  ApiClientOptions,
  AuthenticationResponseJSON,
  AuthenticatorTransportName,
  AuthMethod,
  AuthSession,
  BrowserWebAuthnOptions,
  CheckKeyHealthOptions,
  ClientErrorCode,
  ClientKey,
  Clock,
  ContactChange,
  CreateFlowOptions,
  CreateQuoteBody,
  CreateStampParams,
  CredentialType,
  Currency,
  CurrencyAmount,
  Customer,
  DecodedStamp,
  DecryptExportBundleParams,
  DecryptionKeyPair,
  DecryptSessionKeyParams,
  EcdsaSignature,
  EffectContext,
  EffectRunner,
  EnclaveBundle,
  EnclaveKeys,
  EncryptedOtpCode,
  EncryptOtpCodeParams,
  EnvironmentOptions,
  ExpectedSession,
  ExportWalletResponse,
  FindEmbeddedWalletOptions,
  Flow,
  FromErrorEnvelopeOptions,
  GetIdToken,
  HpkeOpenParams,
  HpkeSealed,
  HpkeSealParams,
  HttpOutcome,
  IdentifyWebAuthnErrorContext,
  IdTokenOutcome,
  IdTokenRequest,
  IndexedDbKeyStoreOptions,
  InternalAccount,
  InternalAccountListResponse,
  InternalAccountStatus,
  InternalAccountType,
  KeyHealth,
  KeyMetadata,
  KeyPersistence,
  KeyPurpose,
  KeyStore,
  ListCredentials,
  ListInternalAccountsParams,
  ListSessions,
  LockRunner,
  Machine,
  MemoryKeyStoreOptions,
  OAuthLoginEffect,
  OAuthLoginEvent,
  OAuthLoginFlow,
  OAuthLoginFlowOptions,
  OAuthLoginState,
  OidcTokenProblem,
  OtpCodeProblem,
  OtpCredentialType,
  OtpLoginEffect,
  OtpLoginEvent,
  OtpLoginFlow,
  OtpLoginFlowOptions,
  OtpLoginMachineOptions,
  OtpLoginState,
  OtpTarget,
  P256KeyPair,
  ParseRetryAfterOptions,
  PasskeyAssertion,
  PasskeyAttestation,
  PasskeyAuthChallenge,
  PasskeyCreationParams,
  PasskeyLoginChallenge,
  PasskeyLoginEffect,
  PasskeyLoginEvent,
  PasskeyLoginFlow,
  PasskeyLoginFlowOptions,
  PasskeyLoginState,
  PasskeyNicknameCheck,
  PasskeyNicknameProblem,
  PasskeyRegistrationEffect,
  PasskeyRegistrationEvent,
  PasskeyRegistrationFlow,
  PasskeyRegistrationFlowOptions,
  PasskeyRegistrationPlan,
  PasskeyRegistrationState,
  PasskeyRequestParams,
  PayloadCheck,
  PayloadIntent,
  PayloadStamper,
  PaymentInstructions,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialDescriptorJSON,
  PublicKeyCredentialRequestOptionsJSON,
  PublicKeyInput,
  Quote,
  ReconcileContext,
  ReconcileOutcome,
  ReconcileStep,
  RegistrationChallenge,
  RegistrationResponseJSON,
  RemoveCredentialEffect,
  RemoveCredentialEvent,
  RemoveCredentialFlow,
  RemoveCredentialState,
  ResolvedEnvironment,
  ResolveSessionKeyParams,
  SaveKeyOptions,
  ScheduleEffect,
  SealOtpPlaintextParams,
  ServerErrorCode,
  ServiceExchange,
  ServiceRequest,
  SessionChannel,
  SessionKeyMode,
  SessionManager,
  SessionManagerOptions,
  SessionMessage,
  SessionState,
  SignedActionOptions,
  SignedActionProgress,
  SignedCallOptions,
  SignedOutReason,
  SignedRetryChallenge,
  SignedRetryChallengeBody,
  SignedRetryEffect,
  SignedRetryEvent,
  SignedRetryOptions,
  SignedRetryPlan,
  SignedRetryResult,
  SignedRetryState,
  SigningKeyPair,
  SignOutOutcome,
  StampContents,
  StoredKey,
  Subscribable,
  Transfer,
  TransferParams,
  TransportOptions,
  VerifyCredentialBody,
  VerifyEnclaveSignatureParams,
  VerifyMessageSignatureParams,
  VerifyStampParams,
  WalletAuthClient,
  WalletAuthClientOptions,
  WalletAuthEnvironmentName,
  WalletAuthErrorCode,
  WalletAuthErrorOptions,
  WebAuthnCeremonyOptions,
  WebAuthnPort,
} from '@wallet-auth/core';
export {
  assertSigningKey,
  assertVerificationTokenBinding,
  base64UrlToBytes,
  buildUrl,
  bytesToBase64Url,
  bytesToHex,
  bytesToUtf8,
  CLIENT_ERROR_CODES,
  changeContact,
  checkPayloadIntent,
  classifyCodeError,
  classifyOidcError,
  compressPublicKey,
  createAddCredentialFlow,
  createAddCredentialMachine,
  createApiClient,
  createBroadcastSessionChannel,
  createBrowserWebAuthn,
  createFlow,
  createIndexedDbKeyStore,
  createLockRunner,
  createMemoryKeyStore,
  createOAuthLoginFlow,
  createOAuthLoginMachine,
  createOtpLoginFlow,
  createOtpLoginMachine,
  createPasskeyLoginFlow,
  createPasskeyLoginMachine,
  createPasskeyRegistrationFlow,
  createPasskeyRegistrationMachine,
  createRemoveCredentialFlow,
  createRemoveCredentialMachine,
  createSessionManager,
  createSignedRetryMachine,
  createStamp,
  createTransfer,
  createWalletAuthClient,
  DEFAULT_KEY_NAMESPACE,
  decodeStamp,
  decompressPublicKey,
  decryptExportBundle,
  describeKeyPair,
  encodePathSegment,
  encodeStamp,
  executeTransfer,
  exportWallet,
  findEmbeddedWallet,
  fromErrorEnvelope,
  generateDecryptionKeyPair,
  generateSigningKeyPair,
  HPKE_INFO,
  hexToBytes,
  hpkeOpen,
  hpkeSeal,
  identifyWebAuthnErrorOnDemand,
  importPrivateScalar,
  isHex,
  isOwnRevocationError,
  isPasskeyRetryable,
  isPrivateScalar,
  isProcessing,
  isPublicKey,
  isRetryableErrorCode,
  isServerErrorCode,
  isSessionRejected,
  isWalletAuthError,
  lastCredentialError,
  MAX_AUTO_WAIT_MS,
  MAX_PAYLOAD_TO_SIGN_BYTES,
  MAX_RATE_LIMIT_RETRIES,
  MAX_SIGNED_SENDS,
  normalizeLowS,
  P256_ORDER,
  PASSKEY_NICKNAME_MAX_LENGTH,
  PAYLOAD_INTENTS,
  PRODUCTION_EXPORT_SIGNER_PUBLIC_KEY,
  PRODUCTION_OTP_SIGNER_PUBLIC_KEY,
  parseChallenge,
  parseDerSignature,
  parseRetryAfter,
  preloadWalletAuth,
  processingBackoffMs,
  publicKeysEqual,
  purposeOf,
  RATE_LIMIT_BASE_MS,
  RATE_LIMIT_CAP_MS,
  RECONCILE_CLOCK_MARGIN_MS,
  REQUEST_ID_HEADER,
  rateLimitBackoffMs,
  reconcileNewCredential,
  reconcileNewSession,
  reconcileRefresh,
  reconcileRemoval,
  requestIdToken,
  resolveEnvironment,
  runSignedRetry,
  SERVER_ERROR_CODES,
  SIGNATURE_HEADER,
  SIGNATURE_HEADER_NAME,
  STAMP_SCHEME,
  sendServiceRequest,
  setWalletPrivacy,
  signatureFromP1363,
  signatureToDerHex,
  signatureToP1363,
  signMessage,
  startSignedRetry,
  systemClock,
  toUncompressedPublicKey,
  utf8ToBytes,
  validatePasskeyNickname,
  verifyMessageSignature,
  verifyStamp,
  WalletAuthError,
} from '@wallet-auth/core';
// ─── Types ────────────────────────────────────────────────────────────────────────────────────
export type { AccountSecurityProps } from './components/account-security/account-security.js';
// ─── Values ───────────────────────────────────────────────────────────────────────────────────
export { AccountSecurity } from './components/account-security/account-security.js';
export type {
  CredentialManagerButtonProps,
  CredentialManagerItemProps,
  CredentialManagerListProps,
  CredentialManagerRootProps,
} from './components/credential-manager/credential-manager.js';
export {
  CredentialManager,
  CredentialManagerConfirm,
  CredentialManagerItem,
  CredentialManagerItemHint,
  CredentialManagerList,
  CredentialManagerRemoveButton,
  CredentialManagerRoot,
} from './components/credential-manager/credential-manager.js';
export type {
  CredentialManagerAddOAuthButtonProps,
  CredentialManagerAddPasskeyButtonProps,
} from './components/credential-manager/credential-manager-add.js';
export {
  CredentialManagerAddOAuthButton,
  CredentialManagerAddPasskeyButton,
} from './components/credential-manager/credential-manager-add.js';
export { CredentialManagerStatus } from './components/credential-manager/credential-manager-status.js';
export type { DividerProps } from './components/divider/divider.js';
export { Divider } from './components/divider/divider.js';
export type {
  ExportWalletButtonProps,
  ExportWalletRootProps,
} from './components/export-wallet/export-wallet.js';
export {
  ExportWallet,
  ExportWalletHideButton,
  ExportWalletPhrase,
  ExportWalletRevealButton,
  ExportWalletRoot,
  ExportWalletStatus,
  ExportWalletWarning,
} from './components/export-wallet/export-wallet.js';
export type {
  ExportWalletState,
  UseExportWalletOptions,
  UseExportWalletResult,
} from './components/export-wallet/use-export-wallet.js';
export { useExportWallet } from './components/export-wallet/use-export-wallet.js';
export type { CountdownNoticeProps } from './components/notice/countdown-notice.js';
export { CountdownNotice } from './components/notice/countdown-notice.js';
export type { ErrorNoticeProps } from './components/notice/error-notice.js';
export { ErrorNotice } from './components/notice/error-notice.js';
export type { OfflineNoticeProps } from './components/notice/offline-notice.js';
export { OfflineNotice } from './components/notice/offline-notice.js';
export type {
  OAuthButtonProps,
  OAuthGetIdToken,
  OAuthMode,
} from './components/oauth-button/oauth-button.js';
export { OAuthButton } from './components/oauth-button/oauth-button.js';
export type { ProviderMarkProps } from './components/oauth-button/provider-mark.js';
export { ProviderMark } from './components/oauth-button/provider-mark.js';
export type {
  OtpInputGroupProps,
  OtpInputRootProps,
  OtpInputSlotProps,
  OtpSlotState,
} from './components/otp-input/otp-input.js';
export {
  OtpInput,
  OtpInputGroup,
  OtpInputRoot,
  OtpInputSlot,
  sanitizeOtp,
} from './components/otp-input/otp-input.js';
export type { PasskeyButtonProps } from './components/passkey-button/passkey-button.js';
export { PasskeyButton } from './components/passkey-button/passkey-button.js';
export type {
  SessionListButtonProps,
  SessionListItemProps,
  SessionListListProps,
  SessionListRootProps,
} from './components/session-list/session-list.js';
export {
  SessionList,
  SessionListItem,
  SessionListList,
  SessionListRevokeButton,
  SessionListRevokeOthersButton,
  SessionListRoot,
  SessionListStatus,
} from './components/session-list/session-list.js';
export { orderCredentials } from './components/sign-in/order-credentials.js';
export type { SignInProps, WalletAuthTheme } from './components/sign-in/sign-in.js';
export { SignIn } from './components/sign-in/sign-in.js';
export type {
  SignedActionConfirmButtonProps,
  SignedActionConfirmRootProps,
} from './components/signed-action-confirm/signed-action-confirm.js';
export {
  SignedActionConfirm,
  SignedActionConfirmApproveButton,
  SignedActionConfirmRejectButton,
  SignedActionConfirmRoot,
  SignedActionConfirmSummary,
  SignedActionConfirmTitle,
} from './components/signed-action-confirm/signed-action-confirm.js';
export type { WalletCardRootProps } from './components/wallet-card/wallet-card.js';
export {
  WalletCard,
  WalletCardBalance,
  WalletCardRoot,
  WalletCardStatus,
  WalletCardTitle,
} from './components/wallet-card/wallet-card.js';
export type { ErrorCase, ErrorDescription, ErrorNextAction } from './errors/describe-error.js';
export { describeError, ERROR_NEXT_ACTIONS, identifyErrorCase } from './errors/describe-error.js';
export { walletAuthQueryKeys } from './hooks/query-keys.js';
export type {
  CredentialFlowHookOptions,
  UseAddCredentialOptions,
  UseAddCredentialResult,
  UsePasskeyRegistrationOptions,
  UsePasskeyRegistrationResult,
  UseRemoveCredentialOptions,
  UseRemoveCredentialResult,
} from './hooks/use-credential-flows.js';
export {
  useAddCredential,
  usePasskeyRegistration,
  useRemoveCredential,
} from './hooks/use-credential-flows.js';
export type { UseCredentialsOptions } from './hooks/use-credentials.js';
export { useCredentials } from './hooks/use-credentials.js';
export type { UseInternalAccountsOptions } from './hooks/use-internal-accounts.js';
export { useInternalAccounts } from './hooks/use-internal-accounts.js';
export type { UseOAuthLoginOptions, UseOAuthLoginResult } from './hooks/use-oauth-login.js';
export { useOAuthLogin } from './hooks/use-oauth-login.js';
export { useOnlineStatus } from './hooks/use-online-status.js';
export type { UseOtpLoginOptions, UseOtpLoginResult } from './hooks/use-otp-login.js';
export { useOtpLogin } from './hooks/use-otp-login.js';
export type { UsePasskeyLoginOptions, UsePasskeyLoginResult } from './hooks/use-passkey-login.js';
export { usePasskeyLogin } from './hooks/use-passkey-login.js';
export type { UseSessionOptions } from './hooks/use-session.js';
export { useSession } from './hooks/use-session.js';
export type { SignOutResult, UseSessionMutationOptions } from './hooks/use-session-mutations.js';
export { useRevokeSession, useSignOut } from './hooks/use-session-mutations.js';
export type { UseSessionsOptions } from './hooks/use-sessions.js';
export { useSessions } from './hooks/use-sessions.js';
export type { WalletAuthMessages } from './i18n/en.js';
export { en } from './i18n/en.js';
export type { PluralForms } from './i18n/format.js';
export { formatAmount, formatDateTime, formatDuration, selectPlural } from './i18n/format.js';
export { fr } from './i18n/fr.js';
export type { WalletAuthLocaleProviderProps } from './i18n/locale-provider.js';
export { useMessages, WalletAuthLocaleProvider } from './i18n/locale-provider.js';
export { useWalletAuthClient } from './provider/use-wallet-auth-client.js';
export type { WalletAuthProviderProps } from './provider/wallet-auth-provider.js';
export { WalletAuthProvider } from './provider/wallet-auth-provider.js';
export type {
  ActivityDescription,
  SignedActionKind,
} from './signed-action/describe-activity.js';
export { describeActivity } from './signed-action/describe-activity.js';
export type {
  SignedActionContext,
  UseSignedActionOptions,
  UseSignedActionResult,
} from './signed-action/use-signed-action.js';
export { useSignedAction } from './signed-action/use-signed-action.js';
export type {
  PendingConfirmation,
  StampConfirmation,
} from './signed-action/use-stamp-confirmation.js';
export { useStampConfirmation } from './signed-action/use-stamp-confirmation.js';
