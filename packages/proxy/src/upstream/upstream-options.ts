/** The `upstream` option of `createProxy` and `createWalletBindings`. */

/** Where and how the proxy reaches the service (it alone holds the platform credentials). */
export interface UpstreamOptions {
  /** `{base_url}` = `<origin>[/<prefix>]/2025-10-13` (docs/protocol.md §1). */
  baseUrl: string;
  /** Platform client id (HTTP Basic user; must not contain ":"). */
  clientId: string;
  /** Platform client secret; never sent to the browser or logged. */
  clientSecret: string;
  /** Transport, e.g. an in-process `sandbox.fetch`. @defaultValue globalThis.fetch */
  fetch?: (request: Request) => Promise<Response>;
  /** Upper bound on one upstream exchange, body included. @defaultValue 15000 */
  timeoutMs?: number;
  /** Permit a plain-http `baseUrl` that is not loopback with the built-in fetch (BFF-24). @defaultValue false */
  allowInsecureHttp?: boolean;
}
