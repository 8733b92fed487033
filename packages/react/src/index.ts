'use client';

/**
 * @wallet-auth/react — the provider, hooks and accessible components of the Wallet Auth Kit.
 * Re-exports the core's public surface by name (a client boundary needs explicit names), then its
 * own exports, values then types. Compound components are exported as one object each
 * (`CredentialManager.Item`), their props types by name. Nothing here touches a browser global
 * at import time.
 */

// ─── @wallet-auth/core: values ───────────────────────────────────────────────────────────────

export {
  CLIENT_ERROR_CODES,
  changeContact,
  classifyOidcError,
  createAddCredentialFlow,
  createBrowserWebAuthn,
  createIndexedDbKeyStore,
  createMemoryKeyStore,
  createOAuthLoginFlow,
  createOtpLoginFlow,
  createPasskeyLoginFlow,
  createPasskeyRegistrationFlow,
  createRemoveCredentialFlow,
  createTransfer,
  createWalletAuthClient,
  executeTransfer,
  exportWallet,
  findEmbeddedWallet,
  isRetryableErrorCode,
  isServerErrorCode,
  isWalletAuthError,
  PASSKEY_NICKNAME_MAX_LENGTH,
  preloadWalletAuth,
  readOAuthRedirectResult,
  SERVER_ERROR_CODES,
  setWalletPrivacy,
  validatePasskeyNickname,
  WalletAuthError,
} from '@wallet-auth/core';

// ─── @wallet-auth/core: types ────────────────────────────────────────────────────────────────

export type {
  ActiveSession,
  AddableCredentialType,
  AddCredentialBody,
  AddCredentialEvent,
  AddCredentialFlow,
  AddCredentialFlowOptions,
  AddCredentialState,
  AdoptInput,
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
  CreateQuoteBody,
  CredentialType,
  Currency,
  CurrencyAmount,
  Customer,
  DecryptionKeyPair,
  EnclaveKeys,
  EnvironmentOptions,
  ExportWalletResponse,
  FindEmbeddedWalletOptions,
  Flow,
  GetIdToken,
  HttpOutcome,
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
  ListInternalAccountsParams,
  ListTransactionsParams,
  LockRunner,
  LockRunnerOptions,
  MemoryKeyStoreOptions,
  OAuthLoginEvent,
  OAuthLoginFlow,
  OAuthLoginFlowOptions,
  OAuthLoginMachineOptions,
  OAuthLoginState,
  OAuthRedirectResult,
  OidcTokenProblem,
  OtpCodeProblem,
  OtpCredentialType,
  OtpLoginEvent,
  OtpLoginFlow,
  OtpLoginFlowOptions,
  OtpLoginMachineOptions,
  OtpLoginState,
  P256KeyPair,
  PasskeyAssertion,
  PasskeyAttestation,
  PasskeyAuthChallenge,
  PasskeyLoginChallenge,
  PasskeyLoginEvent,
  PasskeyLoginFlow,
  PasskeyLoginFlowOptions,
  PasskeyLoginState,
  PasskeyNicknameCheck,
  PasskeyNicknameProblem,
  PasskeyRegistrationEvent,
  PasskeyRegistrationFlow,
  PasskeyRegistrationFlowOptions,
  PasskeyRegistrationPlan,
  PasskeyRegistrationSettings,
  PasskeyRegistrationState,
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
  RegistrationResponseJSON,
  RemoveCredentialEvent,
  RemoveCredentialFlow,
  RemoveCredentialState,
  ResolvedEnvironment,
  SaveKeyOptions,
  ServerErrorCode,
  ServiceExchange,
  ServiceRequest,
  SessionChannel,
  SessionKeyMode,
  SessionManager,
  SessionMessage,
  SessionStamp,
  SessionState,
  SignedActionOptions,
  SignedActionProgress,
  SignedCallOptions,
  SignedCallPlan,
  SignedLeg,
  SignedOutReason,
  SignedRetryChallenge,
  SignedRetryChallengeBody,
  SignedRetryCounters,
  SignedRetryEvent,
  SignedRetryState,
  SigningKeyPair,
  SignOutOutcome,
  SimpleWebAuthnLibrary,
  StampSubject,
  StoredKey,
  Subscribable,
  Transaction,
  TransactionDestination,
  TransactionListResponse,
  TransactionSource,
  Transfer,
  TransferParams,
  TransferSubject,
  TransportOptions,
  UnsignedResends,
  VerifyCredentialBody,
  WalletAuthClient,
  WalletAuthClientOptions,
  WalletAuthEnvironmentName,
  WalletAuthErrorCode,
  WalletAuthErrorOptions,
  WebAuthnCeremonyOptions,
  WebAuthnPort,
} from '@wallet-auth/core';

// ─── Values: provider, components, hooks, messages ───────────────────────────────────────────

export { AccountSecurity } from './components/account-security/account-security.js';
export { CredentialManager } from './components/credential-manager/credential-manager.js';
export { Divider } from './components/divider/divider.js';
export { ExportWallet } from './components/export-wallet/export-wallet.js';
export { useExportWallet } from './components/export-wallet/use-export-wallet.js';
export { CountdownNotice } from './components/notice/countdown-notice.js';
export { ErrorNotice } from './components/notice/error-notice.js';
export { OfflineNotice } from './components/notice/offline-notice.js';
export { OAuthButton } from './components/oauth-button/oauth-button.js';
export { ProviderMark } from './components/oauth-button/provider-mark.js';
export { OtpInput } from './components/otp-input/otp-input.js';
export { PasskeyButton } from './components/passkey-button/passkey-button.js';
export { SessionList } from './components/session-list/session-list.js';
export { SignIn } from './components/sign-in/sign-in.js';
export { SignedActionConfirm } from './components/signed-action-confirm/signed-action-confirm.js';
export { TransactionStatus } from './components/transaction-status/transaction-status.js';
export { WalletCard } from './components/wallet-card/wallet-card.js';
export { describeError } from './errors/describe-error.js';
export { walletAuthQueryKeys } from './hooks/query-keys.js';
export {
  useAddCredential,
  usePasskeyRegistration,
  useRemoveCredential,
} from './hooks/use-credential-flows.js';
export { useCredentials } from './hooks/use-credentials.js';
export { useInternalAccounts } from './hooks/use-internal-accounts.js';
export { useOAuthLogin } from './hooks/use-oauth-login.js';
export { useOnlineStatus } from './hooks/use-online-status.js';
export { useOtpLogin } from './hooks/use-otp-login.js';
export { usePasskeyLogin } from './hooks/use-passkey-login.js';
export { useSession } from './hooks/use-session.js';
export { useRevokeSession, useSignOut } from './hooks/use-session-mutations.js';
export { useSessions } from './hooks/use-sessions.js';
export { useTransaction } from './hooks/use-transaction.js';
export { en } from './i18n/en.js';
export { formatAmount, formatDateTime, formatDuration, selectPlural } from './i18n/format.js';
export { useMessages, WalletAuthLocaleProvider } from './i18n/locale-provider.js';
export { useWalletAuthClient } from './provider/use-wallet-auth-client.js';
export { WalletAuthProvider } from './provider/wallet-auth-provider.js';
export { describeActivity } from './signed-action/describe-activity.js';
export { useSignedAction } from './signed-action/use-signed-action.js';
export { useStampConfirmation } from './signed-action/use-stamp-confirmation.js';

// ─── Types ───────────────────────────────────────────────────────────────────────────────────

export type { AccountSecurityProps } from './components/account-security/account-security.js';
export type {
  CredentialManagerItemProps,
  CredentialManagerListProps,
  CredentialManagerRootProps,
} from './components/credential-manager/credential-manager.js';
export type {
  CredentialManagerAddOAuthButtonProps,
  CredentialManagerAddPasskeyButtonProps,
} from './components/credential-manager/credential-manager-add.js';
export type { CredentialManagerButtonProps } from './components/credential-manager/credential-manager-context.js';
export type { DividerProps } from './components/divider/divider.js';
export type {
  ExportWalletButtonProps,
  ExportWalletRootProps,
} from './components/export-wallet/export-wallet.js';
export type {
  ExportWalletState,
  UseExportWalletOptions,
  UseExportWalletResult,
} from './components/export-wallet/use-export-wallet.js';
export type { CountdownNoticeProps } from './components/notice/countdown-notice.js';
export type { ErrorNoticeProps } from './components/notice/error-notice.js';
export type { OfflineNoticeProps } from './components/notice/offline-notice.js';
export type {
  OAuthButtonProps,
  OAuthGetIdToken,
  OAuthMode,
} from './components/oauth-button/oauth-button.js';
export type { ProviderMarkProps } from './components/oauth-button/provider-mark.js';
export type {
  OtpInputGroupProps,
  OtpInputRootProps,
  OtpInputSlotProps,
  OtpSlotState,
} from './components/otp-input/otp-input.js';
export type { PasskeyButtonProps } from './components/passkey-button/passkey-button.js';
export type {
  SessionListButtonProps,
  SessionListItemProps,
  SessionListListProps,
  SessionListRootProps,
} from './components/session-list/session-list.js';
export type { SignInProps, WalletAuthTheme } from './components/sign-in/sign-in.js';
export type {
  SignedActionConfirmButtonProps,
  SignedActionConfirmRootProps,
} from './components/signed-action-confirm/signed-action-confirm.js';
export type { TransactionStatusProps } from './components/transaction-status/transaction-status.js';
export type { WalletCardRootProps } from './components/wallet-card/wallet-card.js';
export type { ErrorCase, ErrorDescription, ErrorNextAction } from './errors/describe-error.js';
export type { CountdownClock } from './hooks/use-countdown.js';
export type {
  CredentialFlowHookOptions,
  UseAddCredentialOptions,
  UseAddCredentialResult,
  UsePasskeyRegistrationOptions,
  UsePasskeyRegistrationResult,
  UseRemoveCredentialOptions,
  UseRemoveCredentialResult,
} from './hooks/use-credential-flows.js';
export type { UseCredentialsOptions } from './hooks/use-credentials.js';
export type { UseInternalAccountsOptions } from './hooks/use-internal-accounts.js';
export type { UseOAuthLoginOptions, UseOAuthLoginResult } from './hooks/use-oauth-login.js';
export type { UseOtpLoginOptions, UseOtpLoginResult } from './hooks/use-otp-login.js';
export type { UsePasskeyLoginOptions, UsePasskeyLoginResult } from './hooks/use-passkey-login.js';
export type { UnsupportedPasskeys } from './hooks/use-passkey-support.js';
export type { UseSessionOptions } from './hooks/use-session.js';
export type { SignOutResult, UseSessionMutationOptions } from './hooks/use-session-mutations.js';
export type { UseSessionsOptions } from './hooks/use-sessions.js';
export type { UseTransactionOptions } from './hooks/use-transaction.js';
export type { ReadSmsCode } from './hooks/use-web-otp.js';
export type { WalletAuthMessages, WalletAuthSignInMessages } from './i18n/en.js';
export type { PluralForms } from './i18n/format.js';
export type { WalletAuthLocaleProviderProps } from './i18n/locale-provider.js';
export type { WalletAuthProviderProps } from './provider/wallet-auth-provider.js';
export type {
  ActivityDescription,
  QuotedAmount,
  SignedActionKind,
  TransferDescription,
} from './signed-action/describe-activity.js';
export type { KeptIntent } from './signed-action/use-kept-intent.js';
export type {
  SignedActionContext,
  SignedActionPhase,
  UseSignedActionOptions,
  UseSignedActionResult,
} from './signed-action/use-signed-action.js';
export type {
  PendingConfirmation,
  StampConfirmation,
  StampConfirmationOptions,
} from './signed-action/use-stamp-confirmation.js';
