import { WalletAuthError } from '../errors/wallet-auth-error.js';

const hexPattern = /^(?:[0-9a-fA-F]{2})*$/;

/**
 * Tells whether a string is hex of whole bytes, any case (wire-format notation: case-insensitive on input).
 * @param value - Candidate text.
 */
export function isHex(value: string): boolean {
  return hexPattern.test(value);
}

/**
 * Encodes bytes as lowercase hex (wire-format notation: lowercase on output).
 * @param bytes - Bytes to encode.
 */
export function bytesToHex(bytes: Uint8Array): string {
  let text = '';
  for (const byte of bytes) {
    text += (byte < 16 ? '0' : '') + byte.toString(16);
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
    bytes[index] = Number.parseInt(text.slice(index * 2, index * 2 + 2), 16);
  }
  return bytes;
}
