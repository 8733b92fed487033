/**
 * Hex, hand-written rather than taken from @scure/base (already a dependency, loaded on demand for
 * base58): this module is in every sign-in's first load, and importing @scure/base's hex and
 * base64url codecs there added 1.9 KiB gzip to it (core sign-in 19.7 → 21.6 KiB with
 * `node scripts/size-report.mjs`, over the 20 KiB budget), since the library's codecs share one
 * module. encoding.property.test.ts checks both encoders against @scure/base.
 */
import { WalletAuthError } from '../errors/wallet-auth-error.js';

// Hex digits only; whole bytes are checked by length (a repeated pair group is slower to match).
const hexPattern = /^[0-9a-fA-F]*$/;

// Two hex digits per byte value, looked up instead of formatted (about 6× faster per byte; a
// sign-in encodes and decodes a few kilobytes of keys, signatures and ciphertexts).
const byteToHex = Array.from({ length: 256 }, (_, value) => value.toString(16).padStart(2, '0'));

/** The value of a hex digit's char code, already checked by `isHex`: 0-9, A-F or a-f. */
function nibble(code: number): number {
  return code <= 0x39 ? code - 0x30 : (code | 0x20) - 0x57;
}

/**
 * Tells whether a string is hex of whole bytes, any case (docs/protocol.md, Notation: case-insensitive on input).
 * @param value - Candidate text.
 */
export function isHex(value: string): boolean {
  return value.length % 2 === 0 && hexPattern.test(value);
}

/**
 * Encodes bytes as lowercase hex (docs/protocol.md, Notation: lowercase on output).
 * @param bytes - Bytes to encode.
 */
export function bytesToHex(bytes: Uint8Array): string {
  let text = '';
  for (let index = 0; index < bytes.length; index++) {
    text += byteToHex[bytes[index] as number];
  }
  return text;
}

/**
 * Decodes hex of either case.
 * @param text - Hex text of whole bytes.
 * @throws WalletAuthError `ENCODING_INVALID` when the text is not hex of whole bytes.
 */
export function hexToBytes(text: string): Uint8Array<ArrayBuffer> {
  if (!isHex(text)) {
    throw new WalletAuthError('ENCODING_INVALID', 'Expected hex text of whole bytes');
  }
  const bytes = new Uint8Array(text.length / 2);
  for (let index = 0; index < bytes.length; index++) {
    bytes[index] =
      (nibble(text.charCodeAt(index * 2)) << 4) | nibble(text.charCodeAt(index * 2 + 1));
  }
  return bytes;
}
