/**
 * HPKE as docs/protocol.md §3 fixes it: base mode, DHKEM(P-256, HKDF-SHA256), HKDF-SHA256,
 * AES-256-GCM, info `turnkey_hpke`, AAD = enc(65) ‖ pkR(65). The suite is fixed in code; every
 * failure of `open` is one opaque `undefined`.
 */
import { Aes256Gcm, CipherSuite, DhkemP256HkdfSha256, HkdfSha256 } from '@hpke/core';
import { concatBytes, toBase64url, utf8 } from './encoding.js';
import { type P256Point, parsePointBytes, publicKeyOf } from './p256.js';

const suite = new CipherSuite({
  kem: new DhkemP256HkdfSha256(),
  kdf: new HkdfSha256(),
  aead: new Aes256Gcm(),
});

/** UTF-8 `turnkey_hpke`. */
export const HPKE_INFO = utf8('turnkey_hpke');

function buffer(bytes: Uint8Array): ArrayBuffer {
  return bytes.slice().buffer as ArrayBuffer;
}

/** Result of a seal: `enc` (pub65) and `ciphertext ‖ tag`. */
export interface SealResult {
  enc: Uint8Array;
  ciphertext: Uint8Array;
}

/**
 * Seals `plaintext` to `recipient`. `ephemeralPrivateKey` is a test-only hook reproducing fixed
 * vectors (docs/protocol.md §16); production paths leave it undefined.
 */
export async function hpkeSeal(
  recipient: P256Point,
  plaintext: Uint8Array,
  ephemeralPrivateKey?: Uint8Array,
): Promise<SealResult> {
  const pkR = recipient.toBytes(false);
  const recipientPublicKey = await suite.kem.deserializePublicKey(buffer(pkR));
  let ekm: CryptoKeyPair;
  if (ephemeralPrivateKey === undefined) {
    // @hpke/core picks the ephemeral key itself; enc is known only after sealing, so the AAD
    // (which contains enc) needs a key pair fixed in advance.
    ekm = await suite.kem.generateKeyPair();
  } else {
    const privateKey = await suite.kem.deserializePrivateKey(buffer(ephemeralPrivateKey));
    const publicKey = await suite.kem.deserializePublicKey(
      buffer(publicKeyOf(ephemeralPrivateKey).toBytes(false)),
    );
    ekm = { privateKey, publicKey };
  }
  const enc = new Uint8Array(await suite.kem.serializePublicKey(ekm.publicKey));
  const sealed = await suite.seal(
    { recipientPublicKey, info: buffer(HPKE_INFO), ekm },
    buffer(plaintext),
    buffer(concatBytes(enc, pkR)),
  );
  return { enc: new Uint8Array(sealed.enc), ciphertext: new Uint8Array(sealed.ct) };
}

/**
 * The recipient's key pair as WebCrypto keys. The private key is imported as a JWK carrying the
 * known public point: about 3× cheaper than the PKCS#8 import (which derives the point again) that
 * `deserializePrivateKey` does, and no second derivation of the public key inside `open`.
 */
async function recipientKeyPair(
  privateKey: Uint8Array,
  publicKey: P256Point,
): Promise<CryptoKeyPair> {
  const pub65 = publicKey.toBytes(false);
  const jwk: JsonWebKey = {
    kty: 'EC',
    crv: 'P-256',
    d: toBase64url(privateKey),
    x: toBase64url(pub65.subarray(1, 33)),
    y: toBase64url(pub65.subarray(33)),
  };
  const algorithm = { name: 'ECDH', namedCurve: 'P-256' };
  return {
    privateKey: await crypto.subtle.importKey('jwk', jwk, algorithm, false, ['deriveBits']),
    publicKey: await suite.kem.deserializePublicKey(buffer(pub65)),
  };
}

/** Opens a seal addressed to `recipientPrivateKey`; `undefined` on any failure (§3: one opaque error). */
export async function hpkeOpen(
  recipientPrivateKey: Uint8Array,
  recipientPublicKey: P256Point,
  encBytes: Uint8Array,
  ciphertext: Uint8Array,
): Promise<Uint8Array | undefined> {
  try {
    const encPoint = parsePointBytes(encBytes);
    if (encPoint === undefined) {
      return undefined;
    }
    // A compressed enc (§7) is decompressed before use in kem_context and AAD (§3).
    const enc = encPoint.toBytes(false);
    const recipientKey = await recipientKeyPair(recipientPrivateKey, recipientPublicKey);
    const plaintext = await suite.open(
      { recipientKey, enc: buffer(enc), info: buffer(HPKE_INFO) },
      buffer(ciphertext),
      buffer(concatBytes(enc, recipientPublicKey.toBytes(false))),
    );
    return new Uint8Array(plaintext);
  } catch {
    return undefined;
  }
}
