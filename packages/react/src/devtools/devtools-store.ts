/**
 * The devtools' record of the kit's exchanges with the service, fed by the client's
 * `onExchange`. Redaction happens here, on the way in: the stamp (`Service-Wallet-Signature`) is
 * dropped and only its presence kept, and path segments that are not plain words or typed ids
 * are masked, so nothing secret is ever held, let alone shown. Bodies (codes, ID tokens, sealed
 * keys) never reach `onExchange` in the first place.
 */
import type { ServiceExchange } from '@wallet-auth/core';

/** What the panel shows in place of anything it will not show. */
export const REDACTED = '‹redacted›';

/** One exchange as the devtools keep it: no signature, no body, a checked path. */
export interface DevtoolsExchange {
  /** Order of arrival, from 1. */
  readonly id: number;
  /** When the answer arrived, epoch ms. */
  readonly at: number;
  readonly method: ServiceExchange['method'];
  /** The path with anything that is not a word or a typed id masked. */
  readonly path: string;
  /** The HTTP status, or `undefined` when no answer arrived (network error). */
  readonly status: number | undefined;
  /** The envelope code of an error answer. */
  readonly errorCode: string | undefined;
  /** The `Request-Id` sent (a public, single-use identifier). */
  readonly requestId: string | undefined;
  /** The challenge's `requestId` when the answer was a 202. */
  readonly challengeRequestId: string | undefined;
  /** A stamp was sent; the stamp itself is not kept. */
  readonly signed: boolean;
  /** The answer was PROCESSING. */
  readonly processing: boolean;
  readonly durationMs: number;
}

/** What the panel reads: the exchanges, newest first. */
export interface DevtoolsSnapshot {
  readonly exchanges: readonly DevtoolsExchange[];
}

/** Options of `createWalletAuthDevtools`. */
export interface WalletAuthDevtoolsOptions {
  /** How many exchanges to keep, newest first. @defaultValue 200 */
  maxExchanges?: number;
  /** Epoch ms of arrival. @defaultValue Date.now */
  now?: () => number;
}

/** The store the devtools panel reads; create it once, beside the client. */
export interface WalletAuthDevtoolsStore {
  /** Pass as the client's `onExchange` option (a bound function). */
  readonly onExchange: (exchange: ServiceExchange) => void;
  readonly subscribe: (listener: () => void) => () => void;
  readonly getSnapshot: () => DevtoolsSnapshot;
  /** Forgets every exchange. */
  readonly clear: () => void;
}

/** A resource word (`auth`, `internal-accounts`) or a typed id (`AuthMethod:<uuid>`). */
const SAFE_SEGMENT = /^(?:[a-z][a-z-]{0,39}|[A-Z][A-Za-z]{1,39}:[0-9A-Za-z-]{1,64})$/;
/** An envelope code (`WALLET_SIGNATURE_INVALID`). */
const ERROR_CODE = /^[A-Z0-9_]{1,64}$/;
/** Identifiers the service issues (`Request:<uuid>`); anything else is masked. */
const SAFE_ID = /^[A-Z][A-Za-z]{1,39}:[0-9A-Za-z-]{1,64}$/;

/** Masks every path segment that is neither a resource word nor a typed id. */
export function redactPath(path: string): string {
  return path
    .split('/')
    .map((segment) => (segment === '' || SAFE_SEGMENT.test(segment) ? segment : REDACTED))
    .join('/');
}

function safeId(value: string | undefined): string | undefined {
  return value === undefined ? undefined : SAFE_ID.test(value) ? value : REDACTED;
}

/** Keeps only what the panel may show of one exchange. */
export function toDevtoolsExchange(
  exchange: ServiceExchange,
  id: number,
  at: number,
): DevtoolsExchange {
  return {
    id,
    at,
    method: exchange.method,
    path: redactPath(exchange.path),
    status: exchange.status,
    errorCode:
      exchange.errorCode === undefined || ERROR_CODE.test(exchange.errorCode)
        ? exchange.errorCode
        : REDACTED,
    requestId: safeId(exchange.requestId),
    challengeRequestId: safeId(exchange.challengeRequestId),
    signed: exchange.signature !== undefined,
    processing: exchange.processing,
    durationMs: exchange.durationMs,
  };
}

/**
 * Creates the devtools' store. Give its `onExchange` to the client and the store to
 * `WalletAuthDevtools`.
 *
 * @param options - `maxExchanges` (200) and `now` (Date.now).
 * @example
 * const devtools = createWalletAuthDevtools();
 * const client = createWalletAuthClient({ baseUrl, onExchange: devtools.onExchange });
 * // …
 * <WalletAuthDevtools store={devtools} />
 */
export function createWalletAuthDevtools(
  options: WalletAuthDevtoolsOptions = {},
): WalletAuthDevtoolsStore {
  const max = options.maxExchanges ?? 200;
  const now = options.now ?? Date.now;
  const listeners = new Set<() => void>();
  let snapshot: DevtoolsSnapshot = { exchanges: [] };
  let nextId = 1;
  const publish = (exchanges: readonly DevtoolsExchange[]) => {
    snapshot = { exchanges };
    for (const listener of listeners) {
      listener();
    }
  };
  return {
    onExchange: (exchange) => {
      const entry = toDevtoolsExchange(exchange, nextId++, now());
      publish([entry, ...snapshot.exchanges].slice(0, max));
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    getSnapshot: () => snapshot,
    clear: () => publish([]),
  };
}
