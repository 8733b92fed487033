/**
 * The emulator's P-256 operations behind one seam: the portable backend (@noble/curves, and
 * WebCrypto through @hpke/core) runs everywhere, browsers included; Node entry points may pass the
 * native one from `@wallet-auth/sandbox/node` (option `crypto`). Both give the same bytes:
 * keys from the same scalars, RFC 6979 low-S signatures, HPKE per docs/protocol.md §3.
 */
import type { EcdsaSignature } from './der.js';
import { hpkeOpen } from './hpke.js';
import {
  type P256Point,
  parsePoint,
  publicKeyOf,
  signMessage,
  verifySignatureWebCrypto,
} from './p256.js';

/** P-256 operations the request paths use (docs/protocol.md §2–§6). */
export interface SandboxCrypto {
  /** Parses pub65 or pub33 hex into a point on the curve; `undefined` otherwise (docs/protocol.md §2, §15). */
  parsePoint(hex: string): P256Point | undefined;
  /** The public point of a valid scalar. */
  publicKeyOf(privateKey: Uint8Array): P256Point;
  /** ECDSA-P256-SHA256 over `message` with the RFC 6979 nonce, low-S (docs/protocol.md §2). */
  sign(message: Uint8Array, privateKey: Uint8Array): EcdsaSignature;
  /** Verifies ECDSA-P256-SHA256; accepts high-S; `false` unless 1 ≤ r, s < n (docs/protocol.md §2). */
  verify(signature: EcdsaSignature, message: Uint8Array, key: P256Point): Promise<boolean>;
  /** HPKE open of docs/protocol.md §3; `undefined` on any failure (one opaque error). */
  hpkeOpen(
    recipientPrivateKey: Uint8Array,
    recipientPublicKey: P256Point,
    enc: Uint8Array,
    ciphertext: Uint8Array,
  ): Promise<Uint8Array | undefined>;
}

/** The default backend: @noble/curves for keys and signatures, WebCrypto for verify and HPKE. */
export const portableCrypto: SandboxCrypto = {
  parsePoint,
  publicKeyOf,
  sign: signMessage,
  verify: verifySignatureWebCrypto,
  hpkeOpen,
};

/** Big-endian 32-byte encoding of a scalar or coordinate. */
export function scalarBytes(value: bigint): Uint8Array {
  const bytes = new Uint8Array(32);
  let rest = value;
  for (let i = 31; i >= 0; i -= 1) {
    bytes[i] = Number(rest & 0xffn);
    rest >>= 8n;
  }
  return bytes;
}

/** Raw `r‖s` (64 bytes), the JWS ES256 form (RFC 7518 §3.4). */
export function rawSignature(signature: EcdsaSignature): Uint8Array {
  const raw = new Uint8Array(64);
  raw.set(scalarBytes(signature.r), 0);
  raw.set(scalarBytes(signature.s), 32);
  return raw;
}
