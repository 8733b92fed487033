/**
 * The HTTP edge of the core: JSON in and out, the error envelope turned into `WalletAuthError`
 * (through `fromErrorEnvelope`), paths built per segment, bodies kept as exact strings so a signed
 * retry resends the bytes leg 1 sent (wire-format §1, §11.2).
 */
import { fromErrorEnvelope } from '../errors/from-error-envelope.js';
import { WalletAuthError } from '../errors/wallet-auth-error.js';
import type { HttpOutcome } from './signed-retry.machine.js';

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

/** Encodes one path segment, keeping the literal `:` of `<Resource>:<uuid>` ids (wire-format §1). */
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
  let response: Response;
  try {
    const url = buildUrl(transport.baseUrl, request.path, request.query);
    const fetcher = transport.fetch ?? ((r: Request) => globalThis.fetch(r));
    response = await fetcher(
      new Request(new URL(url, globalThis.location?.href ?? 'http://localhost/'), init),
    );
  } catch (error) {
    throw toNetworkError(error, request.signal);
  }
  const dateHeader = response.headers.get('Date');
  const serverDateMs = dateHeader === null ? undefined : Date.parse(dateHeader);
  if (!response.ok) {
    return { kind: 'error', error: await fromErrorEnvelope(response) };
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
  return {
    kind: 'response',
    status: response.status,
    body,
    serverDateMs: Number.isNaN(serverDateMs ?? Number.NaN) ? undefined : serverDateMs,
  };
}
