export type { FieldError } from './api-error.js';
export { ApiError } from './api-error.js';
export { createMemoryUserStore } from './auth/memory-user-store.js';
export type { WalletAuthProxy } from './create-proxy.js';
export { API_VERSION, createProxy } from './create-proxy.js';
export type { LogEntry, ProxyLogger } from './logging/redact.js';
export { REDACTED } from './logging/redact.js';
export type { ProxyOptions, UpstreamOptions } from './options.js';
export { ProxyConfigError } from './options.js';
export { createMemoryQuoteLedger } from './ownership/quote-ledger.js';
export type {
  BodyPolicy,
  PathOwnership,
  RouteMethod,
  ServiceRoute,
  SignaturePolicy,
} from './routes/route-table.js';
export { SERVICE_ROUTES } from './routes/route-table.js';
export type { CspDirective, SecurityHeadersOptions } from './security/security-headers.js';
export {
  API_CONTENT_SECURITY_POLICY,
  contentSecurityPolicy,
  securityHeaders,
} from './security/security-headers.js';
export type {
  ConnectionInfo,
  DemoUser,
  ProxyUser,
  QuoteLedger,
  ResolveUser,
  UserStore,
} from './types.js';
