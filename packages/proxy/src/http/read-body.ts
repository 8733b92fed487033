/**
 * Bounded body reading: bytes are counted while they stream in, so an oversized or chunked body
 * is refused without buffering it (docs/protocol.md §1: bodies over 64 KiB → 413; BFF-09, BFF-26).
 */

/** Largest request body the proxy accepts (docs/protocol.md §1). */
export const MAX_REQUEST_BODY_BYTES = 64 * 1024;
/** Largest upstream response body the proxy relays (reliability catalogue BFF-26). */
export const MAX_RESPONSE_BODY_BYTES = 1024 * 1024;

/** Result of {@link readLimited}: the bytes, or the fact that the limit was crossed. */
export type LimitedBody = { ok: true; bytes: Uint8Array<ArrayBuffer> } | { ok: false };

/** Reads a stream to the end unless it exceeds `limit` bytes, in which case it is cancelled. */
export async function readLimited(
  stream: ReadableStream<Uint8Array> | null,
  limit: number,
): Promise<LimitedBody> {
  if (stream === null) {
    return { ok: true, bytes: new Uint8Array(0) };
  }
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) {
      break;
    }
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel().catch(() => undefined);
      return { ok: false };
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return { ok: true, bytes };
}

/**
 * Reads a request's body unless it exceeds `limit` bytes. A body with a declared Content-Length
 * within the limit is read whole with `arrayBuffer()`: HTTP framing holds it to that length, and
 * on `@hono/node-server` this reads the socket directly instead of building a `Request` with a
 * web stream around the socket (the stream, its signal and the `Request` cost about 6 % of the
 * proxy's CPU per call). A chunked body, or one without a declared length, is streamed by
 * {@link readLimited}. The length is checked again after reading, for in-process callers whose
 * header need not match their body. A GET or HEAD has no body.
 * @param request - The incoming request.
 * @param limit - Largest accepted body in bytes.
 */
export async function readRequestBody(request: Request, limit: number): Promise<LimitedBody> {
  if (request.method === 'GET' || request.method === 'HEAD') {
    // A GET or HEAD `Request` has no body (the Fetch standard refuses one, @hono/node-server
    // drops one); asking for it would only make @hono/node-server build the `Request`.
    return { ok: true, bytes: new Uint8Array(0) };
  }
  const declared = request.headers.get('Content-Length');
  if (declared === null || !/^\d{1,12}$/.test(declared) || Number(declared) > limit) {
    return readLimited(request.body, limit);
  }
  const bytes = new Uint8Array(await request.arrayBuffer());
  return bytes.byteLength <= limit ? { ok: true, bytes } : { ok: false };
}
