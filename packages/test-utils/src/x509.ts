/**
 * A minimal DER X.509 certificate for packed attestation with `x5c` (WebAuthn §8.2): subject key
 * P-256, signed ECDSA-SHA256 by an issuer key. Only what a verifier without a trust chain reads.
 */
import { p256 } from '@noble/curves/nist.js';
import { fromHex } from './bytes.js';
import { signDer } from './keys.js';

function tlv(tag: number, content: Uint8Array): Uint8Array {
  const length =
    content.length < 0x80
      ? [content.length]
      : content.length < 0x100
        ? [0x81, content.length]
        : [0x82, content.length >> 8, content.length & 0xff];
  return Uint8Array.of(tag, ...length, ...content);
}

function seq(...parts: Uint8Array[]): Uint8Array {
  return tlv(0x30, Uint8Array.from(parts.flatMap((p) => [...p])));
}

const OID_ECDSA_SHA256 = tlv(0x06, fromHex('2a8648ce3d040302'));
const OID_EC_PUBLIC_KEY = tlv(0x06, fromHex('2a8648ce3d0201'));
const OID_PRIME256V1 = tlv(0x06, fromHex('2a8648ce3d030107'));
const OID_COMMON_NAME = tlv(0x06, fromHex('550403'));

function name(commonName: string): Uint8Array {
  return seq(tlv(0x31, seq(OID_COMMON_NAME, tlv(0x0c, new TextEncoder().encode(commonName)))));
}

/** A certificate for `subjectPublicKey` (pub65 bytes) signed by `issuerPrivateKey`. */
export function createTestCertificate(
  subjectPublicKey: Uint8Array,
  issuerPrivateKey: Uint8Array,
): Uint8Array {
  const tbs = seq(
    tlv(0xa0, tlv(0x02, Uint8Array.of(2))),
    tlv(0x02, Uint8Array.of(1)),
    seq(OID_ECDSA_SHA256),
    name('Sandbox Test Attestation CA'),
    seq(
      tlv(0x17, new TextEncoder().encode('250101000000Z')),
      tlv(0x17, new TextEncoder().encode('350101000000Z')),
    ),
    name('Sandbox Test Authenticator'),
    seq(seq(OID_EC_PUBLIC_KEY, OID_PRIME256V1), tlv(0x03, Uint8Array.of(0, ...subjectPublicKey))),
  );
  const signature = signDer(tbs, issuerPrivateKey);
  return seq(tbs, seq(OID_ECDSA_SHA256), tlv(0x03, Uint8Array.of(0, ...signature)));
}

/** A fresh P-256 key pair (attestation keys). */
export function createAttestationKey(): { privateKey: Uint8Array; publicKey: Uint8Array } {
  const privateKey = p256.utils.randomSecretKey();
  return { privateKey, publicKey: p256.getPublicKey(privateKey, false) };
}
