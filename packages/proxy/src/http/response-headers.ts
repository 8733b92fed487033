/**
 * The headers every proxy response leaves with (BFF-08, BFF-12): the API security headers, and
 * CORS for an allowed origin. The request middleware adds them to whatever a route answered; a
 * route on the hot path (forwarding) can instead build its response with them already in place,
 * as a plain record that Node's adapter writes without a `Headers` object, and say so here.
 */
import { corsHeaders } from '../security/origin-policy.js';
import { apiSecurityHeaders } from '../security/security-headers.js';

/** Header records per CORS origin (the configured allowlist, plus none). */
export interface ResponseDecorations {
  /** The security headers, plus CORS when `corsOrigin` is set; frozen, shared between requests. */
  for(corsOrigin: string | undefined): Readonly<Record<string, string>>;
}

/** Creates the record cache; `maxEntries` bounds it (origins come from the configured allowlist). */
export function createResponseDecorations(options: {
  maxEntries: number;
  hsts: string | undefined;
}): ResponseDecorations {
  const records = new Map<string, Readonly<Record<string, string>>>();
  return {
    for(corsOrigin) {
      const key = corsOrigin ?? '';
      let record = records.get(key);
      if (record === undefined) {
        record = Object.freeze({
          ...apiSecurityHeaders({ hsts: options.hsts }),
          ...(corsOrigin === undefined ? {} : corsHeaders(corsOrigin)),
        });
        if (records.size < options.maxEntries) {
          records.set(key, record);
        }
      }
      return record;
    },
  };
}

/** Marks responses made by {@link decoratedResponse} (cheaper than a WeakSet per request). */
const DECORATED = Symbol('wallet-auth-proxy.decorated');

/** A response whose headers already include the decoration (the middleware leaves it alone). */
export function decoratedResponse(
  body: Uint8Array<ArrayBuffer> | null,
  init: { status: number; headers: Record<string, string> },
  decoration: Readonly<Record<string, string>>,
): Response {
  // Copied by assignment: V8 (Node 20) spreads two records into a literal ~25× slower.
  const headers: Record<string, string> = {};
  for (const name of Object.keys(init.headers)) {
    headers[name] = init.headers[name]!;
  }
  for (const name of Object.keys(decoration)) {
    headers[name] = decoration[name]!;
  }
  const response = new Response(body, { status: init.status, headers });
  (response as Response & { [DECORATED]?: true })[DECORATED] = true;
  return response;
}

/** True for a response made by {@link decoratedResponse}. */
export function isDecorated(response: Response): boolean {
  return (response as Response & { [DECORATED]?: true })[DECORATED] === true;
}
