/**
 * `@wallet-auth/core/primitives`: the building blocks the kit's own flows are made of, for
 * integrators who assemble a custom flow — the interpreter and the flows' pure machines, the
 * signed-retry exchange and its headers, stamps, keys and HPKE, enclave bundles and the OTP target
 * bundle (docs/protocol.md §3, §4), sealing the OTP code (§5), client keys and sealed session keys (§7,
 * §15), export bundles (§8), the OAuth nonce (§10), passkey challenges and ceremonies (§9), and
 * the encodings the wire format uses (hex, base64url, base58check).
 *
 * They live in their own entry so an app that only signs people in never carries them: exported
 * from the main entry, a bundler would keep several of them in every page's first load.
 */

// ─── Values: flows as machines, run by the one interpreter ───────────────────────────────────

export { createApiClient } from './client/api-client.js';
export { REQUEST_ID_HEADER, SIGNATURE_HEADER } from './client/headers.js';
export { createClientKey, resolveSessionKey } from './crypto/client-key.js';
export { decryptExportBundle } from './crypto/decrypt-export-bundle.js';
export { decryptSessionKey } from './crypto/decrypt-session-key.js';
export { signatureFromP1363, signatureToDerHex } from './crypto/der.js';
export {
  BUNDLE_VERSION,
  parseEnclaveBundle,
  verifyEnclaveSignature,
} from './crypto/enclave-bundle.js';
export { encryptOtpCode, sealOtpPlaintext } from './crypto/encrypt-otp-code.js';
export {
  PRODUCTION_EXPORT_SIGNER_PUBLIC_KEY,
  PRODUCTION_OTP_SIGNER_PUBLIC_KEY,
  resolveEnvironment,
  SANDBOX_DEVELOPMENT_OTP_SIGNER_PUBLIC_KEY,
} from './crypto/environment.js';
export { hpkeOpen, hpkeSeal } from './crypto/hpke.js';
export { createOAuthNonce } from './crypto/oauth-nonce.js';
export { verifyOtpTargetBundle } from './crypto/otp-target-bundle.js';
export { compressPublicKey } from './crypto/p256.js';
export {
  createRegistrationChallenge,
  passkeyChallengeToBytes,
} from './crypto/passkey-challenge.js';
export { createStamp, decodeStamp, verifyStamp } from './crypto/stamp.js';
export { decodeBase58Check, encodeBase58Check } from './encoding/base58check.js';
export { base64UrlToBytes, bytesToBase64Url } from './encoding/base64url.js';
export { bytesToHex, hexToBytes } from './encoding/hex.js';
export { utf8ToBytes } from './encoding/utf8.js';
export { fromErrorEnvelope } from './errors/from-error-envelope.js';
export { createAddCredentialMachine } from './flows/add-credential/add-credential.machine.js';
export { createOAuthLoginMachine } from './flows/oauth-login/oauth-login.machine.js';
export { createOtpLoginMachine } from './flows/otp-login/otp-login.machine.js';
export { createPasskeyLoginMachine } from './flows/passkey-login/passkey-login.machine.js';
export { createPasskeyRegistrationMachine } from './flows/passkey-registration/passkey-registration.machine.js';
export { createRemoveCredentialMachine } from './flows/remove-credential/remove-credential.machine.js';
export { systemClock } from './internal/clock.js';
export { createFlow } from './internal/flow.js';
export { importPrivateScalar } from './keys/import-private-scalar.js';
export { generateDecryptionKeyPair, generateSigningKeyPair } from './keys/key-pair.js';
export { createBroadcastSessionChannel, createLockRunner } from './session/cross-tab.js';
export { createSessionManager } from './session/session-manager.js';
export { PAYLOAD_INTENTS } from './signed-retry/payload-intent.js';
export {
  reconcileNewCredential,
  reconcileNewSession,
  reconcileRefresh,
  reconcileRemoval,
} from './signed-retry/reconcile.js';
export { runSignedRetry, startSignedRetry } from './signed-retry/signed-retry.js';
export { createSignedRetryMachine } from './signed-retry/signed-retry.machine.js';
export {
  buildPasskeyCreationOptions,
  createPasskeyAttestation,
  PASSKEY_ALGORITHMS,
  toPasskeyAttestation,
} from './webauthn/create-passkey-attestation.js';
export {
  buildPasskeyRequestOptions,
  getPasskeyAssertion,
  toPasskeyAssertion,
} from './webauthn/get-passkey-assertion.js';
export { identifyWebAuthnError } from './webauthn/identify-webauthn-error.js';

// ─── Types ───────────────────────────────────────────────────────────────────────────────────

export type { ResolveSessionKeyParams } from './crypto/client-key.js';
export type { DecryptExportBundleParams } from './crypto/decrypt-export-bundle.js';
export type { DecryptSessionKeyParams } from './crypto/decrypt-session-key.js';
export type { EcdsaSignature } from './crypto/der.js';
export type { EnclaveBundle, VerifyEnclaveSignatureParams } from './crypto/enclave-bundle.js';
export type {
  EncryptedOtpCode,
  EncryptOtpCodeParams,
  SealOtpPlaintextParams,
} from './crypto/encrypt-otp-code.js';
export type { HpkeOpenParams, HpkeSealed, HpkeSealParams } from './crypto/hpke.js';
export type { OtpTarget } from './crypto/otp-target-bundle.js';
export type { PublicKeyInput } from './crypto/p256.js';
export type { RegistrationChallenge } from './crypto/passkey-challenge.js';
export type {
  CreateStampParams,
  DecodedStamp,
  StampContents,
  VerifyStampParams,
} from './crypto/stamp.js';
export type { FromErrorEnvelopeOptions } from './errors/from-error-envelope.js';
export type { AddCredentialEffect } from './flows/add-credential/add-credential.machine.js';
export type { OAuthLoginEffect } from './flows/oauth-login/oauth-login.machine.js';
export type { OtpLoginEffect } from './flows/otp-login/otp-login.machine.js';
export type { PasskeyLoginEffect } from './flows/passkey-login/passkey-login.machine.js';
export type { PasskeyRegistrationEffect } from './flows/passkey-registration/passkey-registration.machine.js';
export type { RemoveCredentialEffect } from './flows/remove-credential/remove-credential.machine.js';
export type {
  CreateFlowOptions,
  EffectContext,
  EffectRunner,
  Machine,
  ScheduleEffect,
} from './internal/flow.js';
export type { SessionManagerOptions } from './session/session-manager.types.js';
export type { ExpectedSession, ListCredentials, ListSessions } from './signed-retry/reconcile.js';
export type { SignedRetryOptions, SignedRetryResult } from './signed-retry/signed-retry.js';
export type { SignedRetryEffect, SignedRetryPlan } from './signed-retry/signed-retry.types.js';
export type { PasskeyCreationParams } from './webauthn/create-passkey-attestation.js';
export type { PasskeyRequestParams } from './webauthn/get-passkey-assertion.js';
export type { IdentifyWebAuthnErrorContext } from './webauthn/identify-webauthn-error.js';

// ─── Types of the main entry, so every signature here resolves from this entry alone ─────────

export type * from './index.js';
