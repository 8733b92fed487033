/**
 * Request bodies (docs/protocol.md §1): UTF-8 JSON, `Content-Type: application/json`, no BOM, at most
 * 64 KiB (enforced by the app's body limit). The exact bytes are kept because signed retries bind
 * to them (§11.2).
 */
import type { Context } from 'hono';
import { invalidField } from '../api-error.js';
import { fromUtf8, isJsonObject, parseJson } from '../crypto/encoding.js';

/** The raw body bytes (empty for no body); Hono caches them, so every reader sees the same bytes. */
export async function rawBody(c: Context): Promise<Uint8Array> {
  if (c.req.method === 'GET' || c.req.method === 'HEAD') {
    return new Uint8Array(0);
  }
  return new Uint8Array(await c.req.arrayBuffer());
}

const JSON_CONTENT_TYPE = /^application\/json\s*(;\s*charset=("?)utf-8\2\s*)?$/i;

/**
 * Parses the body as a JSON object. With `optional`, an empty body gives `undefined`; otherwise
 * an empty body, a wrong content type, invalid UTF-8, a BOM, invalid JSON or a non-object is
 * 400 `INVALID_INPUT`.
 */
export function parseJsonObject(
  c: Context,
  bytes: Uint8Array,
  options: { optional?: boolean } = {},
): Record<string, unknown> | undefined {
  if (bytes.length === 0) {
    if (options.optional) {
      return undefined;
    }
    throw invalidField('body', 'A JSON object body is required');
  }
  const contentType = c.req.header('Content-Type');
  if (contentType === undefined || !JSON_CONTENT_TYPE.test(contentType.trim())) {
    throw invalidField('body', 'Content-Type must be application/json', {
      format: 'application/json',
    });
  }
  const text = fromUtf8(bytes);
  if (text === undefined || text.startsWith('\uFEFF')) {
    throw invalidField('body', 'Body must be UTF-8 JSON without a byte-order mark');
  }
  const value = parseJson(text);
  if (!isJsonObject(value)) {
    throw invalidField(
      'body',
      value === undefined ? 'Body is not valid JSON' : 'Body must be a JSON object',
    );
  }
  return value;
}
