export type { FieldError } from './api-error.js';
export { ApiError } from './api-error.js';
export type { CustomerDetails } from './auth/provision-customer.js';
export type {
  Authenticate,
  WalletBindings,
  WalletBindingsOptions,
} from './auth/wallet-bindings.js';
export { createWalletBindings } from './auth/wallet-bindings.js';
export type { WalletAuthProxy } from './create-proxy.js';
export { API_VERSION, createProxy } from './create-proxy.js';
export type { LogEntry, ProxyLogger } from './logging/redact.js';
export { REDACTED } from './logging/redact.js';
export type {
  DemoAuthOptions,
  HstsOptions,
  ProxyOptions,
  RateLimitOptions,
  UpstreamOptions,
} from './options.js';
export { ProxyConfigError } from './options.js';
export type {
  BodyPolicy,
  PathOwnership,
  RouteMethod,
  ServiceRoute,
  SignaturePolicy,
} from './routes/route-table.js';
export { SERVICE_ROUTES } from './routes/route-table.js';
export type { ForwardedHeader } from './security/client-address.js';
export type { CspDirective, SecurityHeadersOptions } from './security/security-headers.js';
export {
  API_CONTENT_SECURITY_POLICY,
  contentSecurityPolicy,
  securityHeaders,
} from './security/security-headers.js';
export type { MemoryStoreOptions } from './stores/memory-stores.js';
export {
  createMemoryOwnershipCache,
  createMemoryQuoteLedger,
  createMemoryRateLimitStore,
  createMemorySessionStore,
  createMemoryStores,
  createMemoryUserBindingStore,
} from './stores/memory-stores.js';
export type {
  OwnershipCache,
  ProxyStores,
  QuoteLedger,
  RateLimitStore,
  RateLimitVerdict,
  SessionRecord,
  SessionStore,
  UserBinding,
  UserBindingStore,
} from './stores/stores.js';
export { StoreUnavailableError } from './stores/stores.js';
export type { ConnectionInfo, ProxyUser, ResolveUser } from './types.js';
export type { UpstreamFailure } from './upstream/upstream-client.js';
export { UpstreamError } from './upstream/upstream-client.js';
