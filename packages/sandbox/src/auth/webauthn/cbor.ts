/**
 * A strict CBOR decoder (RFC 8949) for the subset WebAuthn uses: unsigned and negative integers,
 * byte and text strings, arrays, maps, `true`/`false`/`null`, definite lengths only, bounded
 * depth. Anything else — tags, floats, indefinite lengths, trailing bytes — is rejected.
 */

/** A decoded CBOR value. Maps keep their integer or text keys. */
export type CborValue =
  | number
  | Uint8Array
  | string
  | boolean
  | null
  | CborValue[]
  | Map<number | string, CborValue>;

const MAX_DEPTH = 16;
const textDecoder = new TextDecoder('utf-8', { fatal: true });

class Reader {
  offset = 0;
  constructor(readonly bytes: Uint8Array) {}

  take(count: number): Uint8Array {
    if (count < 0 || this.offset + count > this.bytes.length) {
      throw new RangeError('CBOR: truncated');
    }
    const out = this.bytes.subarray(this.offset, this.offset + count);
    this.offset += count;
    return out;
  }

  argument(info: number): number {
    if (info < 24) {
      return info;
    }
    const size = info === 24 ? 1 : info === 25 ? 2 : info === 26 ? 4 : info === 27 ? 8 : 0;
    if (size === 0) {
      throw new RangeError('CBOR: indefinite or reserved length');
    }
    let value = 0;
    for (const byte of this.take(size)) {
      value = value * 256 + byte;
    }
    if (!Number.isSafeInteger(value)) {
      throw new RangeError('CBOR: integer too large');
    }
    return value;
  }

  value(depth: number): CborValue {
    if (depth > MAX_DEPTH) {
      throw new RangeError('CBOR: nested too deeply');
    }
    const initial = this.take(1)[0]!;
    const major = initial >> 5;
    const info = initial & 0x1f;
    switch (major) {
      case 0:
        return this.argument(info);
      case 1:
        return -1 - this.argument(info);
      case 2:
        return this.take(this.argument(info)).slice();
      case 3:
        return textDecoder.decode(this.take(this.argument(info)));
      case 4: {
        const length = this.argument(info);
        const items: CborValue[] = [];
        for (let i = 0; i < length; i++) {
          items.push(this.value(depth + 1));
        }
        return items;
      }
      case 5: {
        const length = this.argument(info);
        const map = new Map<number | string, CborValue>();
        for (let i = 0; i < length; i++) {
          const key = this.value(depth + 1);
          if ((typeof key !== 'number' && typeof key !== 'string') || map.has(key)) {
            throw new RangeError('CBOR: bad or duplicate map key');
          }
          map.set(key, this.value(depth + 1));
        }
        return map;
      }
      case 7:
        if (info === 20) {
          return false;
        }
        if (info === 21) {
          return true;
        }
        if (info === 22) {
          return null;
        }
        throw new RangeError('CBOR: unsupported simple value');
      default:
        throw new RangeError('CBOR: tags are not supported');
    }
  }
}

/** Decodes one item at the start of `bytes`; returns it and the number of bytes it used. */
export function decodeCborPrefix(bytes: Uint8Array): { value: CborValue; length: number } {
  const reader = new Reader(bytes);
  const value = reader.value(0);
  return { value, length: reader.offset };
}

/** Decodes exactly one item; throws on trailing bytes or any malformation. */
export function decodeCbor(bytes: Uint8Array): CborValue {
  const { value, length } = decodeCborPrefix(bytes);
  if (length !== bytes.length) {
    throw new RangeError('CBOR: trailing bytes');
  }
  return value;
}
