/**
 * `authenticatorData` (WebAuthn §6.1): rpIdHash, flags, signCount, then attested credential data
 * (AT) and extensions (ED) as CBOR; and the COSE public keys the emulator accepts (§9: alg −7
 * ES256 on P-256, −257 RS256).
 */
import { toBase64url } from '../../crypto/encoding.js';
import { parsePointBytes } from '../../crypto/p256.js';
import type { PasskeyPublicKey } from '../../state/records.js';
import { type CborValue, decodeCbor, decodeCborPrefix } from './cbor.js';

/** Parsed authenticator data. */
export interface AuthenticatorData {
  rpIdHash: Uint8Array;
  flags: { up: boolean; uv: boolean; be: boolean; bs: boolean; at: boolean; ed: boolean };
  signCount: number;
  attested?: { credentialId: Uint8Array; publicKey: Map<number | string, CborValue> };
}

/** Parses authenticator data; throws `RangeError` when it is malformed. */
export function parseAuthenticatorData(bytes: Uint8Array): AuthenticatorData {
  if (bytes.length < 37) {
    throw new RangeError('authenticatorData too short');
  }
  const flagsByte = bytes[32]!;
  const flags = {
    up: (flagsByte & 0x01) !== 0,
    uv: (flagsByte & 0x04) !== 0,
    be: (flagsByte & 0x08) !== 0,
    bs: (flagsByte & 0x10) !== 0,
    at: (flagsByte & 0x40) !== 0,
    ed: (flagsByte & 0x80) !== 0,
  };
  const signCount = new DataView(bytes.buffer, bytes.byteOffset + 33, 4).getUint32(0);
  let offset = 37;
  let attested: AuthenticatorData['attested'];
  if (flags.at) {
    if (bytes.length < offset + 18) {
      throw new RangeError('attested credential data truncated');
    }
    const idLength = (bytes[offset + 16]! << 8) | bytes[offset + 17]!;
    offset += 18;
    if (bytes.length < offset + idLength) {
      throw new RangeError('credential id truncated');
    }
    const credentialId = bytes.slice(offset, offset + idLength);
    offset += idLength;
    const { value, length } = decodeCborPrefix(bytes.subarray(offset));
    if (!(value instanceof Map)) {
      throw new RangeError('credential public key is not a COSE map');
    }
    offset += length;
    attested = { credentialId, publicKey: value };
  }
  if (flags.ed) {
    decodeCbor(bytes.subarray(offset));
    offset = bytes.length;
  }
  if (offset !== bytes.length) {
    throw new RangeError('trailing bytes in authenticatorData');
  }
  return { rpIdHash: bytes.slice(0, 32), flags, signCount, ...(attested ? { attested } : {}) };
}

/**
 * Reads a COSE key: `undefined` when its algorithm is not −7/−257 (a 401 reason at registration),
 * throws `RangeError` when the key itself is malformed.
 */
export function readCosePublicKey(
  cose: Map<number | string, CborValue>,
): PasskeyPublicKey | undefined {
  const alg = cose.get(3);
  if (alg === -7) {
    const x = cose.get(-2);
    const y = cose.get(-3);
    if (
      cose.get(1) !== 2 ||
      cose.get(-1) !== 1 ||
      !(x instanceof Uint8Array) ||
      !(y instanceof Uint8Array)
    ) {
      throw new RangeError('not an EC2 P-256 COSE key');
    }
    if (x.length !== 32 || y.length !== 32) {
      throw new RangeError('EC2 coordinates must be 32 bytes');
    }
    const point = parsePointBytes(Uint8Array.of(4, ...x, ...y));
    if (point === undefined) {
      throw new RangeError('EC2 key is not on P-256');
    }
    return { alg: -7, point };
  }
  if (alg === -257) {
    const n = cose.get(-1);
    const e = cose.get(-2);
    if (
      cose.get(1) !== 3 ||
      !(n instanceof Uint8Array) ||
      !(e instanceof Uint8Array) ||
      n.length < 256
    ) {
      throw new RangeError('not an RSA COSE key of at least 2048 bits');
    }
    return { alg: -257, jwk: { kty: 'RSA', n: toBase64url(n), e: toBase64url(e) } };
  }
  return undefined;
}
