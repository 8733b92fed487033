/**
 * The P-256 public key of an X.509 certificate (packed attestation's leaf, WebAuthn §8.2), read
 * with a minimal DER walk: Certificate → tbsCertificate → subjectPublicKeyInfo. No chain is
 * built or checked (docs/protocol.md §9: "no trust chain").
 */
import { toHex } from '../../crypto/encoding.js';
import { type P256Point, parsePointBytes } from '../../crypto/p256.js';

interface Tlv {
  tag: number;
  content: Uint8Array;
  end: number;
}

function readTlv(bytes: Uint8Array, offset: number): Tlv {
  const tag = bytes[offset];
  let length = bytes[offset + 1];
  if (tag === undefined || length === undefined) {
    throw new RangeError('DER: truncated');
  }
  let start = offset + 2;
  if (length & 0x80) {
    const count = length & 0x7f;
    if (count === 0 || count > 3) {
      throw new RangeError('DER: unsupported length');
    }
    length = 0;
    for (let i = 0; i < count; i++) {
      length = length * 256 + (bytes[start + i] ?? Number.NaN);
    }
    start += count;
  }
  const end = start + length;
  if (!Number.isInteger(end) || end > bytes.length) {
    throw new RangeError('DER: truncated');
  }
  return { tag, content: bytes.subarray(start, end), end };
}

function children(bytes: Uint8Array): Tlv[] {
  const out: Tlv[] = [];
  let offset = 0;
  while (offset < bytes.length) {
    const tlv = readTlv(bytes, offset);
    out.push(tlv);
    offset = tlv.end;
  }
  return out;
}

const EC_PUBLIC_KEY = '2a8648ce3d0201';
const PRIME256V1 = '2a8648ce3d030107';

/** The certificate's P-256 key; throws `RangeError` for anything else. */
export function certificateP256Key(der: Uint8Array): P256Point {
  const certificate = readTlv(der, 0);
  if (certificate.tag !== 0x30 || certificate.end !== der.length) {
    throw new RangeError('not a certificate');
  }
  const tbs = children(certificate.content)[0];
  if (tbs?.tag !== 0x30) {
    throw new RangeError('no tbsCertificate');
  }
  const fields = children(tbs.content);
  const skip = fields[0]?.tag === 0xa0 ? 1 : 0; // optional [0] version
  const spki = fields[skip + 5];
  if (spki?.tag !== 0x30) {
    throw new RangeError('no subjectPublicKeyInfo');
  }
  const [algorithm, publicKey] = children(spki.content);
  const oids =
    algorithm === undefined ? [] : children(algorithm.content).map((oid) => toHex(oid.content));
  if (oids[0] !== EC_PUBLIC_KEY || oids[1] !== PRIME256V1 || publicKey?.tag !== 0x03) {
    throw new RangeError('not a P-256 key');
  }
  const point =
    publicKey.content[0] === 0 ? parsePointBytes(publicKey.content.subarray(1)) : undefined;
  if (point === undefined) {
    throw new RangeError('invalid P-256 point');
  }
  return point;
}
