/**
 * Every sandbox magic value and fixed rule in one place, so they are easy to audit
 * (docs/contributing.md §2.9; docs/protocol.md §10, §11.4 and §14).
 */

/** The OTP code of every EMAIL_OTP/SMS_OTP challenge (§14); 6 digits, never refused. */
export const SANDBOX_OTP_CODE = '000000';

/**
 * The published development enclave key: the emulator's default `enclaveSigningKey`, so the kit's
 * `environment: 'sandbox'` can pin its public key without any configuration. It is public
 * knowledge by design (SHA-256 of the ASCII text "wallet-auth-kit sandbox development enclave key
 * v1") and protects nothing: it only lets a local emulator sign OTP target bundles. Set
 * `enclaveSigningKey: 'random'` for a fresh key per instance (the client must then pin
 * `enclavePublicKey`).
 */
export const SANDBOX_DEVELOPMENT_ENCLAVE_KEY =
  '471063927ff28ab1164c5698ea75aec3166306bb1f773c903b591f360eb411a2';

/** pub65 hex of `SANDBOX_DEVELOPMENT_ENCLAVE_KEY`: what the kit's sandbox environment pins by default. */
export const SANDBOX_DEVELOPMENT_ENCLAVE_PUBLIC_KEY =
  '04d41d53dfa3057c22e3096772775125a533e0b15dfac96cdeb46736a012f8d52250b160cf29d86b2e21c16ee9224edbca67ee2fcc723025b1106501b6b17b8eed';

/** Legacy stamp value: a valid stamp by an authorised key on any signed retry (§14). */
export const LEGACY_SIGNATURE = 'sandbox-valid-signature';

/** Legacy `assertion.signature`: skips WebAuthn checks (§14). */
export const LEGACY_PASSKEY_SIGNATURE = 'sandbox-valid-passkey-signature';

/** The retired OIDC token literal: no longer accepted, fails §10 row 1 → 400 (§14). */
export const RETIRED_OIDC_TOKEN = 'sandbox-valid-oidc-token';

/** Issuers accepted without configuration (§10), matched exactly. */
export const DEFAULT_OIDC_ISSUERS: readonly string[] = [
  'https://accounts.google.com',
  'accounts.google.com',
  'https://appleid.apple.com',
];

/** OIDC `iat` window: now − 65 ≤ iat ≤ now + 5, in seconds (60 s plus 5 s skew, §10). */
export const OIDC_IAT_MAX_AGE_SECONDS = 65;
/** Allowed clock skew for a future `iat`, seconds (§10). */
export const OIDC_IAT_MAX_FUTURE_SECONDS = 5;

/** The PROCESSING message (§11.4); clients never parse it. */
export const PROCESSING_MESSAGE =
  'This operation is still being processed. Retry the same request in a moment.';

/** Email/SMS OTP verification-token types (§6). */
export const OTP_VERIFICATION_TYPES = {
  EMAIL_OTP: 'OTP_TYPE_EMAIL',
  SMS_OTP: 'OTP_TYPE_SMS',
} as const;

/**
 * KYC/KYB suffixes (docs/protocol.md §14): the last 3 characters of `fullName` (individual),
 * `businessInfo.registrationNumber` (business) or `personalInfo.lastName` (beneficial owner).
 */
export const KYC_SUFFIXES = {
  /** PENDING (PENDING_MANUAL_REVIEW once the packet is complete). */
  pending: '001',
  /** REJECTED. */
  rejected: '002',
  /** Individuals and businesses: RESOLVE_ERRORS with POOR_QUALITY_DOCUMENT, status UNVERIFIED. */
  poorQualityDocument: '003',
} as const;

/** The end-user terms `GET /customers/end-user-terms` serves; the only accepted `termsVersion`. */
export const END_USER_TERMS = {
  version: '2025-10',
  url: 'https://terms.example.com/end-user-terms/2025-10',
} as const;
