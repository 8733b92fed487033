/**
 * Test support (not shipped): a guard that lets a Node test process open TCP connections to
 * loopback only (reliability catalogue X-02). It wraps `net.Socket.prototype.connect`, which
 * every client underneath `fetch` (undici), `http`, `https` and `tls` goes through, and refuses
 * any host that is not `localhost`, `127.0.0.0/8` or `::1` before a packet leaves. Unix sockets and
 * named pipes pass. Refusals are recorded so a run can fail at its end even if the caller
 * swallowed the error.
 */
import net from 'node:net';

/** One refused connection attempt. */
export interface LoopbackViolation {
  host: string;
  port: number | undefined;
  stack: string | undefined;
}

const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|::1|\[::1\]|::ffff:127(?:\.\d{1,3}){3})$/i;

/** True for a host name or address the guard lets through. */
export function isLoopbackHost(host: string): boolean {
  return LOOPBACK.test(host.trim());
}

type ConnectOptions = { host?: unknown; port?: unknown; path?: unknown };

/** Reads the target out of `socket.connect(...)` arguments in every form Node accepts. */
function targetOf(args: unknown[]): { host: string; port: number | undefined } | 'local' {
  // net.connect() passes its normalised arguments as one array: [options, callback].
  const first = Array.isArray(args[0]) ? (args[0] as unknown[])[0] : args[0];
  if (typeof first === 'object' && first !== null) {
    const options = first as ConnectOptions;
    if (typeof options.path === 'string') {
      return 'local';
    }
    const port = Number(options.port);
    return {
      host: typeof options.host === 'string' ? options.host : 'localhost',
      port: Number.isFinite(port) ? port : undefined,
    };
  }
  if (typeof first === 'string' && !/^\d+$/.test(first)) {
    return 'local'; // connect(path[, callback])
  }
  const second = Array.isArray(args[0]) ? undefined : args[1];
  return {
    host: typeof second === 'string' ? second : 'localhost',
    port: Number(first),
  };
}

const violations: LoopbackViolation[] = [];
let original: typeof net.Socket.prototype.connect | undefined;

/** Installs the guard (idempotent). Connections to other hosts throw before any I/O. */
export function installLoopbackGuard(): void {
  if (original !== undefined) {
    return;
  }
  const connect = net.Socket.prototype.connect;
  original = connect;
  net.Socket.prototype.connect = function guardedConnect(
    this: net.Socket,
    ...args: unknown[]
  ): net.Socket {
    const target = targetOf(args);
    if (target !== 'local' && !isLoopbackHost(target.host)) {
      const error = new Error(
        `loopback guard: tests may only connect to loopback, not ${target.host}:${target.port ?? '?'} (catalogue X-02)`,
      );
      violations.push({ host: target.host, port: target.port, stack: error.stack });
      throw error;
    }
    return (connect as (...a: unknown[]) => net.Socket).apply(this, args);
  } as typeof net.Socket.prototype.connect;
}

/** True while the guard is installed (by the setup file or a test). */
export function isLoopbackGuardInstalled(): boolean {
  return original !== undefined;
}

/** Removes the guard. */
export function uninstallLoopbackGuard(): void {
  if (original !== undefined) {
    net.Socket.prototype.connect = original;
    original = undefined;
  }
}

/** Refusals since the last {@link takeLoopbackViolations}, oldest first; clears the list. */
export function takeLoopbackViolations(): LoopbackViolation[] {
  return violations.splice(0, violations.length);
}
