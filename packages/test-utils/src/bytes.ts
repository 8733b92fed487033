/** Byte helpers for tests: hex, base64url (unpadded), UTF-8, concatenation. */
import { base64urlnopad, hex } from '@scure/base';

/** Lowercase hex. */
export function toHex(bytes: Uint8Array): string {
  return hex.encode(bytes);
}

/** Decodes hex (either case). */
export function fromHex(text: string): Uint8Array {
  return hex.decode(text.toLowerCase());
}

/** Unpadded base64url. */
export function toBase64url(bytes: Uint8Array): string {
  return base64urlnopad.encode(bytes);
}

/** Decodes unpadded base64url. */
export function fromBase64url(text: string): Uint8Array {
  return base64urlnopad.decode(text);
}

/** UTF-8 bytes. */
export function utf8(text: string): Uint8Array {
  return new TextEncoder().encode(text);
}

/** Concatenates byte arrays. */
export function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}
