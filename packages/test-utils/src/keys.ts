/**
 * Test P-256 keys and `Service-Wallet-Signature` stamps (docs/protocol.md §2), made with
 * @noble/curves. `highS` produces the other valid signature so verifiers can be proven to accept
 * it (catalogue KEY-13, EMU-10).
 */
import { p256 } from '@noble/curves/nist.js';
import { fromHex, toBase64url, toHex, utf8 } from './bytes.js';

/** A test key pair with its public key in both wire forms. */
export interface TestKey {
  privateKey: Uint8Array;
  /** pub65 hex. */
  publicKey: string;
  /** pub33 hex. */
  compressedPublicKey: string;
}

/** A fresh random key, or the key of a 32-byte hex scalar. */
export function createTestKey(privateKeyHex?: string): TestKey {
  const privateKey =
    privateKeyHex === undefined ? p256.utils.randomSecretKey() : fromHex(privateKeyHex);
  return {
    privateKey,
    publicKey: toHex(p256.getPublicKey(privateKey, false)),
    compressedPublicKey: toHex(p256.getPublicKey(privateKey, true)),
  };
}

function derInteger(value: bigint): number[] {
  let hex = value.toString(16);
  if (hex.length % 2) {
    hex = `0${hex}`;
  }
  const bytes = Array.from(fromHex(hex));
  if (bytes[0]! & 0x80) {
    bytes.unshift(0);
  }
  return [0x02, bytes.length, ...bytes];
}

/** Minimal DER of `(r, s)`. */
export function encodeDer(r: bigint, s: bigint): Uint8Array {
  const body = [...derInteger(r), ...derInteger(s)];
  return Uint8Array.of(0x30, body.length, ...body);
}

/** DER ECDSA-P256-SHA256 signature over `message` (low-S, or high-S on request). */
export function signDer(
  message: Uint8Array,
  privateKey: Uint8Array,
  options: { highS?: boolean } = {},
): Uint8Array {
  const signature = p256.Signature.fromBytes(
    p256.sign(message, privateKey, { lowS: true }),
    'compact',
  );
  const n = p256.Point.Fn.ORDER;
  const s = options.highS ? n - signature.s : signature.s;
  return encodeDer(signature.r, s);
}

/** Options of {@link stamp}. */
export interface StampOptions {
  /** Emit the high-S twin of the signature. */
  highS?: boolean;
  /** Put the pub65 form in `publicKey` (the emulator tolerates it). */
  uncompressed?: boolean;
  /** Replace the signature hex (tamper tests). */
  signatureHex?: string;
  /** Replace the scheme (tamper tests). */
  scheme?: string;
}

/** The `Service-Wallet-Signature` value for `payload` signed by `key`. */
export function stamp(payload: string, key: TestKey, options: StampOptions = {}): string {
  const signature = options.signatureHex ?? toHex(signDer(utf8(payload), key.privateKey, options));
  const json = JSON.stringify({
    publicKey: options.uncompressed ? key.publicKey : key.compressedPublicKey,
    scheme: options.scheme ?? 'SIGNATURE_SCHEME_TK_API_P256',
    signature,
  });
  return toBase64url(utf8(json));
}
