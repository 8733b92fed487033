export type { FieldError } from './api-error.js';
export { ApiError } from './api-error.js';
export type { Sandbox, SeededCustomer } from './app.js';
export { API_VERSION, createSandbox, MAX_BODY_BYTES } from './app.js';
export type { SandboxCrypto } from './crypto/backend.js';
export type { DeliveryState, WebhookEvent } from './events/event-log.js';
export { SandboxConnectionDropped } from './faults.js';
export {
  END_USER_TERMS,
  KYC_SUFFIXES,
  LEGACY_PASSKEY_SIGNATURE,
  LEGACY_SIGNATURE,
  SANDBOX_DEVELOPMENT_ENCLAVE_KEY,
  SANDBOX_DEVELOPMENT_ENCLAVE_PUBLIC_KEY,
  SANDBOX_OTP_CODE,
} from './magic-values.js';
export type { ExactRate } from './money/exchange-rate.js';
export type { SandboxIdTokenInput } from './oidc-token.js';
export { mintSandboxIdToken, oidcNonceFor } from './oidc-token.js';
export type {
  ExchangeRates,
  ResolvedSandboxOptions,
  SandboxFaultRule,
  SandboxOptions,
  SandboxPlatformOptions,
  SandboxRateLimits,
  SandboxWebhookOptions,
} from './options.js';
export {
  DEFAULT_CLIENT_ID,
  DEFAULT_CLIENT_SECRET,
  resolveSandboxOptions,
  SandboxOptionsError,
} from './options.js';
export type { RouteTemplate } from './route-templates.js';
export { ROUTE_TEMPLATES } from './route-templates.js';
export type { SandboxEvent } from './state/records.js';
