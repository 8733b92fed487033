'use client';

/**
 * @wallet-auth/react — the provider, hooks and accessible components of the Wallet Auth Kit.
 * Re-exports the core's public index wholesale (house style §2.5.6), then its own exports by
 * name, values then types. Nothing here touches a browser global at import time.
 */

export * from '@wallet-auth/core';
// ─── Types ────────────────────────────────────────────────────────────────────────────────────
export type { AccountSecurityProps } from './components/account-security/account-security.js';
// ─── Values ───────────────────────────────────────────────────────────────────────────────────
export { AccountSecurity } from './components/account-security/account-security.js';
export type {
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
export type { CredentialManagerButtonProps } from './components/credential-manager/credential-manager-context.js';
export { CredentialManagerStatus } from './components/credential-manager/credential-manager-status.js';
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
export { formatAmount, formatDateTime, formatDuration } from './i18n/format.js';
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
