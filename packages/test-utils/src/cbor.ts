/**
 * A small CBOR encoder (RFC 8949, definite lengths) for building WebAuthn attestation objects
 * and COSE keys in tests. Maps keep insertion order; use `Map` for integer keys.
 */

/** Values the encoder accepts. */
export type CborInput =
  | number
  | string
  | boolean
  | null
  | Uint8Array
  | CborInput[]
  | Map<number | string, CborInput>
  | { [key: string]: CborInput };

function head(major: number, value: number): number[] {
  if (value < 24) {
    return [(major << 5) | value];
  }
  if (value < 0x100) {
    return [(major << 5) | 24, value];
  }
  if (value < 0x10000) {
    return [(major << 5) | 25, value >> 8, value & 0xff];
  }
  return [
    (major << 5) | 26,
    (value >>> 24) & 0xff,
    (value >> 16) & 0xff,
    (value >> 8) & 0xff,
    value & 0xff,
  ];
}

function encodeInto(value: CborInput, out: number[]): void {
  if (typeof value === 'number') {
    if (!Number.isInteger(value) || Math.abs(value) > 0xffffffff) {
      throw new RangeError('only 32-bit integers are supported');
    }
    out.push(...(value >= 0 ? head(0, value) : head(1, -1 - value)));
  } else if (typeof value === 'string') {
    const bytes = new TextEncoder().encode(value);
    out.push(...head(3, bytes.length), ...bytes);
  } else if (typeof value === 'boolean') {
    out.push(value ? 0xf5 : 0xf4);
  } else if (value === null) {
    out.push(0xf6);
  } else if (value instanceof Uint8Array) {
    out.push(...head(2, value.length));
    for (const byte of value) {
      out.push(byte);
    }
  } else if (Array.isArray(value)) {
    out.push(...head(4, value.length));
    for (const item of value) {
      encodeInto(item, out);
    }
  } else {
    const entries = value instanceof Map ? [...value.entries()] : Object.entries(value);
    out.push(...head(5, entries.length));
    for (const [key, item] of entries) {
      encodeInto(key, out);
      encodeInto(item, out);
    }
  }
}

/** Encodes `value` as CBOR. */
export function encodeCbor(value: CborInput): Uint8Array {
  const out: number[] = [];
  encodeInto(value, out);
  return Uint8Array.from(out);
}
