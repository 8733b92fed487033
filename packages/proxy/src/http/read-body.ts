/**
 * Bounded body reading: bytes are counted while they stream in, so an oversized or chunked body
 * is refused without buffering it (wire-format §1: bodies over 64 KiB → 413; BFF-09, BFF-26).
 */

/** Largest request body the proxy accepts (wire-format §1). */
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
