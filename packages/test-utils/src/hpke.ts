/**
 * Client-side HPKE for tests (docs/protocol.md §3): sealing OTP bundles (§5) and opening sealed
 * session keys (§7) and export bundles (§8), with @hpke/core, info `turnkey_hpke` and
 * AAD = enc ‖ pkR (both uncompressed).
 */
import { Aes256Gcm, CipherSuite, DhkemP256HkdfSha256, HkdfSha256 } from '@hpke/core';
import { p256 } from '@noble/curves/nist.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { createBase58check } from '@scure/base';
import { concat, fromHex, toHex, utf8 } from './bytes.js';

const suite = new CipherSuite({
  kem: new DhkemP256HkdfSha256(),
  kdf: new HkdfSha256(),
  aead: new Aes256Gcm(),
});
const INFO = utf8('turnkey_hpke');

function ab(bytes: Uint8Array): ArrayBuffer {
  return bytes.slice().buffer as ArrayBuffer;
}

/** Seals `plaintext` to the pub65 `recipientPublicKey`; returns `enc` (pub65) and `ct‖tag`. */
export async function hpkeSealTo(recipientPublicKey: Uint8Array, plaintext: Uint8Array) {
  const ekm = await suite.kem.generateKeyPair();
  const enc = new Uint8Array(await suite.kem.serializePublicKey(ekm.publicKey));
  const recipient = await suite.kem.deserializePublicKey(ab(recipientPublicKey));
  const sealed = await suite.seal(
    { recipientPublicKey: recipient, info: ab(INFO), ekm },
    ab(plaintext),
    ab(concat(enc, recipientPublicKey)),
  );
  return { enc, ciphertext: new Uint8Array(sealed.ct) };
}

/** Opens a seal to `privateKey`; `enc` may be compressed (it is decompressed for the AAD). */
export async function hpkeOpenWith(
  privateKey: Uint8Array,
  enc: Uint8Array,
  ciphertext: Uint8Array,
): Promise<Uint8Array> {
  const encFull = p256.Point.fromBytes(enc).toBytes(false);
  const pkR = p256.getPublicKey(privateKey, false);
  const recipientKey = await suite.kem.deserializePrivateKey(ab(privateKey));
  const plaintext = await suite.open(
    { recipientKey, enc: ab(encFull), info: ab(INFO) },
    ab(ciphertext),
    ab(concat(encFull, pkR)),
  );
  return new Uint8Array(plaintext);
}

/** Reads `targetPublic` from an OTP target bundle (no pin check: the tests check that separately). */
export function targetPublicOf(targetBundle: string): Uint8Array {
  const bundle = JSON.parse(targetBundle) as { data: string };
  const data = JSON.parse(new TextDecoder().decode(fromHex(bundle.data))) as {
    targetPublic: string;
  };
  return fromHex(data.targetPublic);
}

/**
 * Builds `encryptedOtpBundle`: seals `{"otp_code","public_key"}` to the bundle's target key (§5)
 * and returns the JSON-pair string.
 */
export async function sealOtpBundle(input: {
  targetBundle: string;
  code: string;
  publicKey: string;
}): Promise<string> {
  const plaintext = utf8(JSON.stringify({ otp_code: input.code, public_key: input.publicKey }));
  const { enc, ciphertext } = await hpkeSealTo(targetPublicOf(input.targetBundle), plaintext);
  return JSON.stringify({ encappedPublic: toHex(enc), ciphertext: toHex(ciphertext) });
}

const base58check = createBase58check(sha256);

/** Opens `encryptedSessionSigningKey` (§7) with the client's private key; returns the 32-byte scalar. */
export async function openSealedSessionKey(
  sealed: string,
  clientPrivateKey: Uint8Array,
): Promise<Uint8Array> {
  const payload = base58check.decode(sealed);
  return hpkeOpenWith(clientPrivateKey, payload.slice(0, 33), payload.slice(33));
}

/** Opens `encryptedWalletCredentials` (§8) with the client's private key; returns the mnemonic. */
export async function openExportBundle(
  bundle: string,
  clientPrivateKey: Uint8Array,
): Promise<string> {
  const outer = JSON.parse(bundle) as { data: string };
  const data = JSON.parse(new TextDecoder().decode(fromHex(outer.data))) as {
    encappedPublic: string;
    ciphertext: string;
  };
  const plaintext = await hpkeOpenWith(
    clientPrivateKey,
    fromHex(data.encappedPublic),
    fromHex(data.ciphertext),
  );
  return new TextDecoder().decode(plaintext);
}
