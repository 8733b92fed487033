import { type SignedRetryHeaders, upstreamRequestHeaders } from '../http/forward-headers.js';
import { MAX_RESPONSE_BODY_BYTES, readLimited } from '../http/read-body.js';
import type { ResolvedProxyOptions } from '../options.js';
import type { RouteMethod } from '../routes/route-table.js';
import type { NodeFetch, PlainRequest, PlainResponse } from './node-fetch.js';
import { buildUpstreamUrl } from './upstream-url.js';

/** One call to the service, described by template and validated ids, never by a URL string. */
export interface UpstreamRequest {
  method: RouteMethod;
  template: string;
  params?: Record<string, string>;
  query?: URLSearchParams;
  contentType?: string | undefined;
  /** Exact body bytes, forwarded unchanged (docs/protocol.md §1, §11.2). */
  body?: Uint8Array<ArrayBuffer> | undefined;
  signed?: SignedRetryHeaders;
}

/** A complete upstream answer, its body read within the size limit. */
export interface UpstreamResponse {
  status: number;
  headers: Headers;
  body: Uint8Array<ArrayBuffer>;
}

/** Why an upstream exchange produced nothing the browser may see (BFF-17, BFF-18, BFF-26). */
export type UpstreamFailure =
  | 'timeout'
  | 'unreachable'
  | 'redirect'
  | 'too-large'
  | 'not-json'
  | 'credentials-rejected';

/** Failure of the upstream exchange; rendered as 502/504 with a generic message. */
export class UpstreamError extends Error {
  readonly kind: UpstreamFailure;

  constructor(kind: UpstreamFailure, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'UpstreamError';
    this.kind = kind;
  }
}

/** Sends requests to the service with the platform's Basic credentials. */
export interface UpstreamClient {
  send(request: UpstreamRequest): Promise<UpstreamResponse>;
}

const JSON_TYPE = /^application\/(?:[a-z.+-]*\+)?json\s*(?:;.*)?$/i;

/**
 * Creates the upstream client: URLs built per segment, redirects never followed, one deadline
 * over the whole exchange, response bodies capped at 1 MiB and required to be JSON, and a
 * Basic-credential rejection (`401` + `WWW-Authenticate`) turned into a gateway failure.
 */
export function createUpstreamClient(
  upstream: ResolvedProxyOptions['upstream'],
  signatureHeaderName: string,
): UpstreamClient {
  const plain = (upstream.fetch as Partial<NodeFetch>).exchange;

  function prepare(request: UpstreamRequest) {
    return {
      url: buildUpstreamUrl(upstream.baseUrl, request.template, request.params, request.query),
      headers: upstreamRequestHeaders({
        authorization: upstream.authorization,
        contentType: request.body === undefined ? undefined : request.contentType,
        ...(request.signed === undefined ? {} : { signed: request.signed }),
        signatureHeaderName,
      }),
    };
  }

  async function exchange(
    request: UpstreamRequest,
    signal: AbortSignal,
  ): Promise<UpstreamResponse> {
    const { url, headers } = prepare(request);
    const outgoing = new Request(url, {
      method: request.method,
      headers,
      ...(request.body === undefined ? {} : { body: request.body }),
      redirect: 'manual',
      signal,
    });
    let response: Response;
    try {
      response = await upstream.fetch(outgoing);
    } catch (error) {
      if (signal.aborted) {
        throw new UpstreamError('timeout', 'The service did not answer in time', { cause: error });
      }
      throw new UpstreamError('unreachable', 'The service could not be reached', { cause: error });
    }
    if (response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400)) {
      await response.body?.cancel().catch(() => undefined);
      throw new UpstreamError(
        'redirect',
        `The service answered a redirect (${response.status}); not followed`,
      );
    }
    if (response.status === 401 && response.headers.has('WWW-Authenticate')) {
      await response.body?.cancel().catch(() => undefined);
      throw new UpstreamError(
        'credentials-rejected',
        'The service rejected the platform credentials',
      );
    }
    const body = await readLimited(response.body, MAX_RESPONSE_BODY_BYTES);
    if (!body.ok) {
      throw new UpstreamError('too-large', 'The service answered a body over 1 MiB');
    }
    if (body.bytes.byteLength > 0 && !JSON_TYPE.test(response.headers.get('Content-Type') ?? '')) {
      throw new UpstreamError('not-json', 'The service answered a body that is not JSON');
    }
    return { status: response.status, headers: response.headers, body: body.bytes };
  }

  /** {@link exchange} over a {@link NodeFetch}'s plain exchange: the same checks, no web streams. */
  async function exchangePlain(
    send: NodeFetch['exchange'],
    request: PlainRequest,
  ): Promise<UpstreamResponse> {
    let response: PlainResponse;
    try {
      response = await send(request);
      if (response.status < 200 || response.status > 599) {
        throw new RangeError(`Status ${response.status} is not a response status`); // as Response would
      }
    } catch (error) {
      if (error instanceof DOMException && error.name === 'TimeoutError') {
        throw new UpstreamError('timeout', 'The service did not answer in time', { cause: error });
      }
      throw new UpstreamError('unreachable', 'The service could not be reached', { cause: error });
    }
    if (response.status >= 300 && response.status < 400) {
      throw new UpstreamError(
        'redirect',
        `The service answered a redirect (${response.status}); not followed`,
      );
    }
    if (response.status === 401 && response.headers.has('WWW-Authenticate')) {
      throw new UpstreamError(
        'credentials-rejected',
        'The service rejected the platform credentials',
      );
    }
    const bytes = response.body ?? new Uint8Array(0);
    if (bytes.byteLength > MAX_RESPONSE_BODY_BYTES) {
      throw new UpstreamError('too-large', 'The service answered a body over 1 MiB');
    }
    if (bytes.byteLength > 0 && !JSON_TYPE.test(response.headers.get('Content-Type') ?? '')) {
      throw new UpstreamError('not-json', 'The service answered a body that is not JSON');
    }
    return {
      status: response.status,
      headers: response.headers,
      body: bytes as Uint8Array<ArrayBuffer>,
    };
  }

  /** Sends over the plain exchange, which enforces the deadline itself (no signal to make). */
  async function sendPlain(
    send: NodeFetch['exchange'],
    request: UpstreamRequest,
  ): Promise<UpstreamResponse> {
    const { url, headers } = prepare(request);
    let timer: ReturnType<typeof setTimeout> | undefined;
    // A guard for an `exchange` that ignores `timeoutMs`: the answer still comes in time.
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new UpstreamError('timeout', 'The service did not answer in time')),
        upstream.timeoutMs + 50,
      );
    });
    try {
      return await Promise.race([
        exchangePlain(send, {
          url,
          method: request.method,
          headers,
          body: request.body,
          timeoutMs: upstream.timeoutMs,
        }),
        deadline,
      ]);
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    async send(request) {
      if (typeof plain === 'function') {
        return sendPlain(plain, request);
      }
      const controller = new AbortController();
      let timer: ReturnType<typeof setTimeout> | undefined;
      const deadline = new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          controller.abort();
          reject(new UpstreamError('timeout', 'The service did not answer in time'));
        }, upstream.timeoutMs);
      });
      try {
        return await Promise.race([exchange(request, controller.signal), deadline]);
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
