import { WalletAuthError } from '../errors/wallet-auth-error.js';
import { concatBytes, equalBytes } from '../internal/bytes.js';
import { loadChunk } from '../internal/load-chunk.js';

const checksumLength = 4;

// base58 and its checksum are loaded on demand: only sealed session keys (docs/protocol.md §7) use them.
function loadBase58() {
  return loadChunk(() => import('./base58.js'));
}

/**
 * Encodes bytes as base58check (docs/protocol.md §7): Bitcoin alphabet, leading `00` bytes as `1`,
 * and the first 4 bytes of SHA-256(SHA-256(payload)) appended.
 * @param payload - Bytes to encode.
 * @throws WalletAuthError `NETWORK_ERROR` when the base58 code cannot be loaded.
 */
export async function encodeBase58Check(payload: Uint8Array): Promise<string> {
  const { base58, base58Checksum } = await loadBase58();
  return base58.encode(concatBytes(payload, base58Checksum(payload)));
}

/**
 * Decodes base58check text and verifies its checksum (docs/protocol.md §7).
 * @param text - base58check text.
 * @throws WalletAuthError `ENCODING_INVALID` on a character outside the alphabet, a too-short
 * value or a checksum mismatch; `NETWORK_ERROR` when the base58 code cannot be loaded.
 */
export async function decodeBase58Check(text: string): Promise<Uint8Array<ArrayBuffer>> {
  const { base58, base58Checksum } = await loadBase58();
  let decoded: Uint8Array;
  try {
    decoded = base58.decode(text);
  } catch (cause) {
    throw new WalletAuthError('ENCODING_INVALID', 'Expected base58check text', { cause });
  }
  if (decoded.length < checksumLength) {
    throw new WalletAuthError('ENCODING_INVALID', 'base58check value is too short');
  }
  const payload = new Uint8Array(decoded.subarray(0, decoded.length - checksumLength));
  const expected = base58Checksum(payload);
  if (!equalBytes(expected, decoded.subarray(decoded.length - checksumLength))) {
    throw new WalletAuthError('ENCODING_INVALID', 'base58check checksum does not match');
  }
  return payload;
}
