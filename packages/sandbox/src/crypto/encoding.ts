/**
 * Byte encodings used on the wire (docs/protocol.md §1 notation): lowercase hex on output and
 * case-insensitive on input, unpadded base64url on output with padding tolerated on input.
 */
import { base64urlnopad } from '@scure/base';

const HEX = /^(?:[0-9a-fA-F]{2})*$/;
const B64URL = /^[A-Za-z0-9_-]*={0,2}$/;

/** Two lowercase hex digits per byte value. */
const HEX_BYTES = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));

/** Lowercase hex of `bytes`, as one flat string. */
export function toHex(bytes: Uint8Array): string {
  // join() gives one flat string; `+=` would leave a rope of one node per byte (~50 B each) in
  // every stored key, hash and id until V8 happens to flatten it.
  const parts = new Array<string>(bytes.length);
  for (let i = 0; i < bytes.length; i += 1) {
    parts[i] = HEX_BYTES[bytes[i]!]!;
  }
  return parts.join('');
}

/** Decodes hex (either case); `undefined` when `text` is not an even run of hex digits. */
export function fromHex(text: string): Uint8Array | undefined {
  if (!HEX.test(text)) {
    return undefined;
  }
  const out = new Uint8Array(text.length / 2);
  for (let i = 0; i < out.length; i++) {
    out[i] = Number.parseInt(text.slice(i * 2, i * 2 + 2), 16);
  }
  return out;
}

/** Unpadded base64url of `bytes` (RFC 4648 §5). */
export function toBase64url(bytes: Uint8Array): string {
  return base64urlnopad.encode(bytes);
}

/** Decodes base64url, tolerating padding; `undefined` when the text is not canonical base64url. */
export function fromBase64url(text: string): Uint8Array | undefined {
  if (!B64URL.test(text)) {
    return undefined;
  }
  try {
    return base64urlnopad.decode(text.replace(/=+$/, ''));
  } catch {
    return undefined;
  }
}

const encoder = new TextEncoder();
const strictDecoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** UTF-8 bytes of `text`. */
export function utf8(text: string): Uint8Array {
  return encoder.encode(text);
}

/** Strict UTF-8 decoding (a BOM is kept as U+FEFF); `undefined` on invalid sequences. */
export function fromUtf8(bytes: Uint8Array): string | undefined {
  try {
    return strictDecoder.decode(bytes);
  } catch {
    return undefined;
  }
}

/** Concatenates byte arrays. */
export function concatBytes(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/** Constant-time comparison of two byte strings (length leaks, content does not). */
export function constantTimeEqual(a: Uint8Array, b: Uint8Array): boolean {
  let diff = a.length ^ b.length;
  const length = Math.max(a.length, b.length);
  for (let i = 0; i < length; i++) {
    diff |= (a[i] ?? 0) ^ (b[i] ?? 0);
  }
  return diff === 0;
}

/** Parses JSON without throwing; `undefined` when `text` is not JSON. */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** True for a plain JSON object (not an array, not null). */
export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
