/**
 * Public types shared by the proxy's modules: the signed-in user as the proxy sees it, the
 * integrator's user resolver, and what a server adapter knows about a connection.
 */

/** The app user a request acts for, bound to one customer and its EMBEDDED_WALLET account. */
export interface ProxyUser {
  /** The integrator's own user id (opaque to the proxy; used for rate limits and the quote ledger). */
  userId: string;
  /** `Customer:<uuid>` of the user's customer at the service. */
  customerId: string;
  /** `InternalAccount:<uuid>` of the user's EMBEDDED_WALLET account. */
  accountId: string;
}

/**
 * Integrator plug-in: authenticates the app's own user from a request (its session cookie,
 * bearer token…) and returns the bound customer and wallet, or `null` when nobody is signed in.
 */
export type ResolveUser = (request: Request) => Promise<ProxyUser | null | undefined>;

/** Per-connection facts a server adapter can pass to `proxy.fetch` (client address, raw target). */
export interface ConnectionInfo {
  remoteAddress?: string;
  /**
   * The request target exactly as it arrived on the socket (Node: `incoming.url`). Server adapters
   * build the `Request` URL with `new URL()`, which resolves `..`, `%2e%2e` and `\\` before the
   * proxy can judge them; with this set, the raw-path checks (BFF-01, BFF-02) read the original.
   */
  rawUrl?: string;
}
