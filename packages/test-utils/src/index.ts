export { concat, fromBase64url, fromHex, toBase64url, toHex, utf8 } from './bytes.js';
export type { CborInput } from './cbor.js';
export { encodeCbor } from './cbor.js';
export type { FakeClock } from './clock.js';
export { createFakeClock } from './clock.js';
export {
  hpkeOpenWith,
  hpkeSealTo,
  openExportBundle,
  openSealedSessionKey,
  sealOtpBundle,
  targetPublicOf,
} from './hpke.js';
export type { StampOptions, TestKey } from './keys.js';
export { createTestKey, encodeDer, signDer, stamp } from './keys.js';
export type { IdTokenOptions, OidcSigner } from './oidc.js';
export { createIdToken, createOidcSigner, idTokenClaims, oidcNonce } from './oidc.js';
export type {
  SoftAuthenticationJSON,
  SoftAuthenticator,
  SoftAuthenticatorOptions,
  SoftAuthenticatorTamper,
  SoftCreateOptions,
  SoftCredential,
  SoftGetOptions,
  SoftRegistrationJSON,
} from './soft-authenticator.js';
export { createSoftAuthenticator } from './soft-authenticator.js';
export { interopVectors } from './vectors.js';
export type { WebCryptoTracker } from './web-crypto-tracker.js';
export { SUBTLE_METHODS, trackWebCrypto } from './web-crypto-tracker.js';
export { createAttestationKey, createTestCertificate } from './x509.js';
