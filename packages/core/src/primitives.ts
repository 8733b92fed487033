/**
 * `@wallet-auth/core/primitives`: the building blocks the kit's own flows are made of, for
 * integrators who assemble a custom flow — enclave bundles and the OTP target bundle (wire-format
 * §3, §4), sealing the OTP code (§5), client keys and sealed session keys (§7, §15), the OAuth
 * nonce (§10), passkey challenges and ceremonies (§9), base58check (§8).
 *
 * They live in their own entry because the flows load them on demand: exported from the main
 * entry, a bundler would keep them in every page's first load (issue 9's size budgets).
 * Their types are also exported from `@wallet-auth/core`.
 */
export { createClientKey, resolveSessionKey } from './crypto/client-key.js';
export { decryptExportBundle } from './crypto/decrypt-export-bundle.js';
export { decryptSessionKey } from './crypto/decrypt-session-key.js';
export {
  BUNDLE_VERSION,
  parseEnclaveBundle,
  verifyEnclaveSignature,
} from './crypto/enclave-bundle.js';
export { encryptOtpCode, sealOtpPlaintext } from './crypto/encrypt-otp-code.js';
export { createOAuthNonce } from './crypto/oauth-nonce.js';
export { verifyOtpTargetBundle } from './crypto/otp-target-bundle.js';
export {
  createRegistrationChallenge,
  passkeyChallengeToBytes,
} from './crypto/passkey-challenge.js';
export { decodeBase58Check, encodeBase58Check } from './encoding/base58check.js';
export { importPrivateScalar } from './keys/import-private-scalar.js';
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
