/**
 * The HTTP edge of the core: JSON in and out, the error envelope turned into `WalletAuthError`
 * (through `fromErrorEnvelope`), paths built per segment, bodies kept as exact strings so a signed
 * retry resends the bytes leg 1 sent (docs/protocol.md §1, §11.2).
 */

import { fromErrorEnvelope } from '../errors/from-error-envelope.js';
import { WalletAuthError } from '../errors/wallet-auth-error.js';
import type { HttpOutcome } from '../signed-retry/signed-retry.machine.js';
import { REQUEST_ID_HEADER, SIGNATURE_HEADER } from './headers.js';

/** Where and how the core reaches the service (normally the platform's proxy). */
export interface TransportOptions {
  /** Base URL ending in the API version, e.g. `/api/2025-10-13` or `http://127.0.0.1:8787/2025-10-13`. */
  baseUrl: string;
  /** The fetch to use. @defaultValue globalThis.fetch, read at call time */
  fetch?: (request: Request) => Promise<Response>;
  /** Extra headers on every request (e.g. a proxy's CSRF header); never secrets in a browser. */
  headers?: Record<string, string>;
  /** `credentials` mode of browser requests. @defaultValue 'same-origin' */
  credentials?: RequestCredentials;
  /**
   * Observes every exchange after its answer arrives (e.g. a developer panel showing 202
   * challenges, stamps and PROCESSING resends). Receives no request or response body.
   */
  onExchange?: (exchange: ServiceExchange) => void;
}

/** One request/answer pair as seen by `onExchange`. */
export interface ServiceExchange {
  method: ServiceRequest['method'];
  /** The path after the base URL, ids included, query excluded. */
  path: string;
  /** The HTTP status, or `undefined` when no answer arrived. */
  status: number | undefined;
  /** `Request-Id` sent, if any. */
  requestId: string | undefined;
  /** The `Service-Wallet-Signature` value sent, if any (a public stamp, never a private key). */
  signature: string | undefined;
  /** The challenge's `requestId` when the answer was a 202. */
  challengeRequestId: string | undefined;
  /** The answer was PROCESSING (a body `status` of `PROCESSING`, or a 200 with no body). */
  processing: boolean;
  /** The envelope code of an error answer. */
  errorCode: string | undefined;
  durationMs: number;
}

/** One request to the service. */
export interface ServiceRequest {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** Path segments after the base URL; each is encoded on its own, `:` kept literal. */
  path: readonly string[];
  query?: Record<string, string | number | undefined>;
  /** The exact body text; sent unchanged on every leg. */
  body?: string;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** Encodes one path segment, keeping the literal `:` of `<Resource>:<uuid>` ids (docs/protocol.md §1). */
export function encodePathSegment(segment: string): string {
  return encodeURIComponent(segment).replace(/%3A/gi, ':');
}

/** Builds the URL of a request from the base URL, per segment (never by string join of input). */
export function buildUrl(
  baseUrl: string,
  path: readonly string[],
  query?: ServiceRequest['query'],
): string {
  const base = baseUrl.replace(/\/+$/, '');
  let url = `${base}/${path.map(encodePathSegment).join('/')}`;
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined) {
      params.set(name, String(value));
    }
  }
  const search = params.toString();
  if (search !== '') {
    url += `?${search}`;
  }
  return url;
}

function toNetworkError(error: unknown, signal: AbortSignal | undefined): WalletAuthError {
  if (signal?.aborted) {
    return new WalletAuthError('ABORTED', 'The request was cancelled.', { cause: error });
  }
  return new WalletAuthError(
    'NETWORK_ERROR',
    'Could not reach the service. Check the connection and try again.',
    {
      cause: error,
    },
  );
}

/**
 * Sends one request. Resolves with the 2xx answer or the non-2xx error; rejects only with a
 * `NETWORK_ERROR` or `ABORTED` `WalletAuthError` when no answer arrived.
 */
export async function sendServiceRequest(
  transport: TransportOptions,
  request: ServiceRequest,
): Promise<HttpOutcome> {
  const headers = new Headers(transport.headers);
  headers.set('Accept', 'application/json');
  if (request.body !== undefined) {
    headers.set('Content-Type', 'application/json');
  }
  for (const [name, value] of Object.entries(request.headers ?? {})) {
    headers.set(name, value);
  }
  const init: RequestInit = {
    method: request.method,
    headers,
    credentials: transport.credentials ?? 'same-origin',
    cache: 'no-store',
  };
  if (request.body !== undefined) {
    init.body = request.body;
  }
  if (request.signal !== undefined) {
    init.signal = request.signal;
  }
  const started = Date.now();
  const report = (status: number | undefined, body: unknown, errorCode: string | undefined) => {
    if (transport.onExchange === undefined) {
      return;
    }
    const record =
      typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
    try {
      transport.onExchange({
        method: request.method,
        path: `/${request.path.join('/')}`,
        status,
        requestId: request.headers?.[REQUEST_ID_HEADER],
        signature: request.headers?.[SIGNATURE_HEADER],
        challengeRequestId:
          status === 202 && typeof record.requestId === 'string' ? record.requestId : undefined,
        processing: status === 200 && (record.status === 'PROCESSING' || body === undefined),
        errorCode,
        durationMs: Date.now() - started,
      });
    } catch {
      // An observer's failure never breaks the exchange.
    }
  };
  let response: Response;
  try {
    const url = buildUrl(transport.baseUrl, request.path, request.query);
    const fetcher = transport.fetch ?? ((r: Request) => globalThis.fetch(r));
    response = await fetcher(
      new Request(new URL(url, globalThis.location?.href ?? 'http://localhost/'), init),
    );
  } catch (error) {
    report(undefined, undefined, undefined);
    throw toNetworkError(error, request.signal);
  }
  const dateHeader = response.headers.get('Date');
  const serverDateMs = dateHeader === null ? undefined : Date.parse(dateHeader);
  if (!response.ok) {
    const error = await fromErrorEnvelope(response);
    report(response.status, undefined, error.serverCode ?? error.code);
    return { kind: 'error', error };
  }
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    throw toNetworkError(error, request.signal);
  }
  let body: unknown;
  if (text !== '') {
    try {
      body = JSON.parse(text);
    } catch (error) {
      return {
        kind: 'error',
        error: new WalletAuthError(
          'PROTOCOL_ERROR',
          'The service answered with a body that is not JSON.',
          {
            cause: error,
            status: response.status,
          },
        ),
      };
    }
  }
  report(response.status, body, undefined);
  return {
    kind: 'response',
    status: response.status,
    body,
    serverDateMs: Number.isNaN(serverDateMs ?? Number.NaN) ? undefined : serverDateMs,
  };
}
