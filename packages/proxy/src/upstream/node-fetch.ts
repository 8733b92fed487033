/**
 * A lean upstream transport for Node: `node:http`/`node:https` over keep-alive agents, as a
 * `(Request) => Promise<Response>` the proxy's `upstream.fetch` option takes. It costs far less
 * CPU per call than Node's fetch (undici) and keeps the same contract the upstream client relies
 * on: redirects are returned, never followed; the request's `AbortSignal` is honoured; response
 * bodies are buffered only up to `maxResponseBytes` + 1 (so the 1 MiB cap still reads as too large,
 * BFF-26).
 */
import {
  Agent as HttpAgent,
  request as httpRequest,
  type IncomingMessage,
  type RequestOptions,
} from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { MAX_RESPONSE_BODY_BYTES } from '../http/read-body.js';

/** Options of {@link createNodeFetch}. */
export interface NodeFetchOptions {
  /** Concurrent sockets per upstream host (undici's fetch has no limit either). @defaultValue Infinity */
  maxSockets?: number;
  /** Bytes buffered before the body is cut (one more is kept so the cap is detectable). @defaultValue 1 MiB */
  maxResponseBytes?: number;
  /**
   * Idle keep-alive sockets are closed after this long, before a Node server's default 5 s
   * `keepAliveTimeout` closes them under a request being written (a reset undici avoids by
   * reading the `Keep-Alive` hint). @defaultValue 4000
   */
  idleSocketMs?: number;
}

/** One upstream request as plain values: what {@link NodeFetch.exchange} sends. */
export interface PlainRequest {
  url: string;
  method: string;
  headers: Headers;
  body: Uint8Array | undefined;
  /** Aborts the exchange (rejecting with the signal's reason). */
  signal?: AbortSignal | undefined;
  /**
   * A deadline over the whole exchange, from the request to the last byte of the answer: past it
   * the request is destroyed and the exchange rejects with a `TimeoutError` DOMException. Cheaper
   * than a signal per request (an `AbortController` is among the costliest objects Node 20 makes).
   */
  timeoutMs?: number | undefined;
}

/** One upstream answer as plain values; `body` is `null` for a null-body status. */
export interface PlainResponse {
  status: number;
  statusText: string;
  headers: Headers;
  body: Uint8Array | null;
}

/** A fetch-shaped transport with its keep-alive agents, closable at shutdown. */
export interface NodeFetch {
  (request: Request): Promise<Response>;
  /**
   * The same exchange without building a `Request` and a `Response` (two web streams and their
   * bookkeeping per call): what the upstream client uses when its transport offers it.
   */
  exchange(request: PlainRequest): Promise<PlainResponse>;
  /** Closes the idle keep-alive sockets. */
  close(): void;
}

/** Statuses whose responses carry no body (Fetch standard "null body status"). */
const NULL_BODY = new Set([101, 103, 204, 205, 304]);

function responseHeaders(incoming: IncomingMessage): Headers {
  const headers = new Headers();
  const raw = incoming.rawHeaders;
  for (let i = 0; i + 1 < raw.length; i += 2) {
    headers.append(raw[i]!, raw[i + 1]!);
  }
  return headers;
}

/**
 * Creates the keep-alive transport (Node entry only; the web-standard `fetch` stays the default).
 *
 * @example
 * startProxyServer({ ...options, upstream: { ...upstream, fetch: createNodeFetch() } });
 */
export function createNodeFetch(options: NodeFetchOptions = {}): NodeFetch {
  const maxSockets = options.maxSockets ?? Number.POSITIVE_INFINITY;
  const cap = options.maxResponseBytes ?? MAX_RESPONSE_BODY_BYTES;
  // `timeout` destroys a socket idling in the free pool; an active request only gets notified.
  const agentOptions = { keepAlive: true, maxSockets, timeout: options.idleSocketMs ?? 4000 };
  const http = new HttpAgent(agentOptions);
  const https = new HttpsAgent(agentOptions);

  async function send(request: Request): Promise<Response> {
    const answer = await exchange({
      url: request.url,
      method: request.method,
      headers: request.headers,
      body: request.body === null ? undefined : new Uint8Array(await request.arrayBuffer()),
      signal: request.signal,
    });
    return new Response(answer.body as Uint8Array<ArrayBuffer> | null, {
      status: answer.status,
      statusText: answer.statusText,
      headers: answer.headers,
    });
  }

  async function exchange(request: PlainRequest): Promise<PlainResponse> {
    const url = new URL(request.url);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new TypeError(`Unsupported protocol ${url.protocol}`);
    }
    const body =
      request.body === undefined
        ? undefined
        : Buffer.from(request.body.buffer, request.body.byteOffset, request.body.byteLength);
    const { signal, timeoutMs } = request;
    signal?.throwIfAborted();
    const headers: Record<string, string> = {};
    request.headers.forEach((value, name) => {
      headers[name] = value;
    });
    if (body !== undefined) {
      headers['content-length'] = String(body.byteLength);
    }
    const secure = url.protocol === 'https:';
    const requestOptions: RequestOptions = {
      method: request.method,
      headers,
      agent: secure ? https : http,
    };
    return await new Promise<PlainResponse>((resolve, reject) => {
      let settled = false;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const finish = (outcome: () => void) => {
        if (!settled) {
          settled = true;
          clearTimeout(timer);
          signal?.removeEventListener('abort', onAbort);
          outcome();
        }
      };
      const outgoing = (secure ? httpsRequest : httpRequest)(url, requestOptions, (incoming) => {
        const chunks: Buffer[] = [];
        let total = 0;
        const respond = () =>
          finish(() => {
            try {
              const status = incoming.statusCode ?? 0;
              resolve({
                status,
                statusText: incoming.statusMessage ?? '',
                headers: responseHeaders(incoming),
                body: NULL_BODY.has(status) ? null : new Uint8Array(Buffer.concat(chunks)),
              });
            } catch (error) {
              reject(error);
            }
          });
        incoming.on('data', (chunk: Buffer) => {
          total += chunk.byteLength;
          chunks.push(chunk);
          if (total > cap) {
            // Enough to show the cap was crossed; the rest is never read.
            incoming.destroy();
            respond();
          }
        });
        incoming.on('end', respond);
        incoming.on('error', (error) => finish(() => reject(error)));
        incoming.on('close', () => {
          if (!incoming.complete) {
            finish(() => reject(new Error('Upstream connection closed mid-response')));
          }
        });
      });
      const stop = (reason: unknown) => {
        outgoing.destroy();
        finish(() => reject(reason));
      };
      const onAbort = () => stop(signal?.reason);
      signal?.addEventListener('abort', onAbort, { once: true });
      if (timeoutMs !== undefined) {
        timer = setTimeout(
          () => stop(new DOMException('The exchange ran past its deadline', 'TimeoutError')),
          timeoutMs,
        );
      }
      outgoing.on('error', (error) => finish(() => reject(error)));
      outgoing.end(body);
    });
  }

  return Object.assign(send, {
    exchange,
    close: () => {
      http.destroy();
      https.destroy();
    },
  });
}
