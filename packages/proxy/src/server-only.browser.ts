/**
 * What a browser bundle gets for any entry of `@wallet-auth/proxy` (the `browser` export
 * condition): the proxy holds the platform's client secret and must never ship to a browser.
 * Importing it there stops the page with a message that says what to do; the names below only
 * let bundlers link the import so that the message is what the developer sees.
 */

function serverOnly(): never {
  throw new Error(
    '@wallet-auth/proxy was bundled for the browser. It runs on your server only: it holds the platform client secret. ' +
      'Import it from server code (a Node server, a Next.js route handler, a worker), and let the browser reach it over HTTP ' +
      '(createWalletAuthClient({ baseUrl: "/api/2025-10-13" })). In Next.js, keep it out of files marked "use client" and out of anything they import.',
  );
}

serverOnly();

export {
  serverOnly as API_CONTENT_SECURITY_POLICY,
  serverOnly as API_VERSION,
  serverOnly as ApiError,
  serverOnly as CONNECTIONS_CHECKING_INTERVAL_MS,
  serverOnly as ProxyConfigError,
  serverOnly as REDACTED,
  serverOnly as SERVICE_ROUTES,
  serverOnly as StoreUnavailableError,
  serverOnly as UpstreamError,
  serverOnly as contentSecurityPolicy,
  serverOnly as createMemoryOwnershipCache,
  serverOnly as createMemoryQuoteLedger,
  serverOnly as createMemoryRateLimitStore,
  serverOnly as createMemorySessionStore,
  serverOnly as createMemoryStores,
  serverOnly as createMemoryUserBindingStore,
  serverOnly as createNextRouteHandlers,
  serverOnly as createNodeFetch,
  serverOnly as createNodeMiddleware,
  serverOnly as createProxy,
  serverOnly as createRedisStores,
  serverOnly as createWalletBindings,
  serverOnly as hardenNodeServer,
  serverOnly as nodeConnection,
  serverOnly as securityHeaders,
  serverOnly as startProxyServer,
};
