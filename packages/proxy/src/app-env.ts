import type { ConnectionInfo } from './types.js';

/** Hono environment of the proxy app: connection facts in, per-request facts for the log. */
export interface ProxyEnv {
  Bindings: ConnectionInfo;
  Variables: {
    correlationId: string;
    userId: string;
    upstreamStatus: number;
    corsOrigin: string;
    /** The security (and CORS) headers of this request's response, once the origin is checked. */
    decoration: Readonly<Record<string, string>>;
  };
}

// Two hex digits per byte value, looked up (a correlation id is made for every request).
const byteToHex = Array.from({ length: 256 }, (_, value) => value.toString(16).padStart(2, '0'));

/** Lowercase hex of random bytes (correlation ids, user ids). */
export function hex(bytes: Uint8Array): string {
  let text = '';
  for (const byte of bytes) {
    text += byteToHex[byte];
  }
  return text;
}
