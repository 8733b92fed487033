import type { ConnectionInfo } from './types.js';

/** Hono environment of the proxy app: connection facts in, per-request facts for the log. */
export interface ProxyEnv {
  Bindings: ConnectionInfo;
  Variables: { correlationId: string; userId: string; upstreamStatus: number; corsOrigin: string };
}

/** Lowercase hex of random bytes (correlation ids, user ids). */
export function hex(bytes: Uint8Array): string {
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
