import { base64UrlToBytes, bytesToBase64Url } from '../encoding/base64url.js';
import { bytesToUtf8, utf8ToBytes } from '../encoding/utf8.js';
import { WalletAuthError } from '../errors/wallet-auth-error.js';
import { isDescribedKeyPair, type SigningKeyPair } from '../keys/key-pair.js';
import { type EcdsaSignature, parseDerSignature } from './der.js';
import { signMessage, verifyMessageSignature } from './ecdsa.js';
import { compressPublicKey, isPublicKey } from './p256.js';

/** The only stamp scheme (docs/protocol.md §2). */
export const STAMP_SCHEME = 'SIGNATURE_SCHEME_TK_API_P256';

/** The three members of a stamp, as they appear in its JSON (docs/protocol.md §2). */
export interface StampContents {
  /** The signer's public key: pub33 on output; pub65 is tolerated on input. */
  publicKey: string;
  /** Always `SIGNATURE_SCHEME_TK_API_P256`. */
  scheme: 'SIGNATURE_SCHEME_TK_API_P256';
  /** DER signature in hex. */
  signature: string;
}

/** A decoded stamp with its signature parsed. */
export interface DecodedStamp extends StampContents {
  /** r and s of the signature. */
  parsedSignature: EcdsaSignature;
}

/**
 * Builds a stamp header value from a public key and a DER signature: b64url of the JSON
 * `{"publicKey","scheme","signature"}` in that order, without whitespace (docs/protocol.md §2).
 * @param params - The signer's key (compressed here) and the DER signature hex.
 * @throws WalletAuthError `PUBLIC_KEY_INVALID` when the key is not a point.
 */
export function encodeStamp(params: { publicKey: string; signature: string }): string {
  return stampValue(compressPublicKey(params.publicKey), params.signature);
}

/** The header value of `encodeStamp` for a key already compressed (pub33, lowercase). */
function stampValue(compressedPublicKey: string, signature: string): string {
  const contents: StampContents = {
    publicKey: compressedPublicKey,
    scheme: STAMP_SCHEME,
    signature: signature.toLowerCase(),
  };
  return bytesToBase64Url(utf8ToBytes(JSON.stringify(contents)));
}

/** Parameters of `createStamp`. */
export interface CreateStampParams {
  /** The string to sign exactly as received: `payloadToSign`, no trim or re-serialisation. */
  payload: string;
  /** The session key, OTP TEK or client-held key. */
  keyPair: SigningKeyPair;
}

/**
 * Stamps a payload: ECDSA P-256/SHA-256 over its exact UTF-8 bytes with a non-extractable key,
 * normalised to low-S, DER encoded, wrapped as a `Service-Wallet-Signature` value (docs/protocol.md §2).
 * @param params - Payload and signing key pair.
 * @throws WalletAuthError `KEY_USAGE_INVALID` when the key cannot sign (e.g. an ECDH key).
 * @example
 * ```ts
 * headers.set(SIGNATURE_HEADER, await createStamp({ payload: challenge.payloadToSign, keyPair }));
 * ```
 */
export async function createStamp(params: CreateStampParams): Promise<string> {
  const { keyPair } = params;
  const signature = await signMessage(keyPair.privateKey, utf8ToBytes(params.payload));
  // A description made by `describeKeyPair` holds its pub33 from WebCrypto's export; any other
  // object's key is checked and compressed here (pub65 in: no square root).
  return isDescribedKeyPair(keyPair)
    ? stampValue(keyPair.compressedPublicKeyHex, signature)
    : encodeStamp({ publicKey: keyPair.publicKeyHex, signature });
}

function malformed(message: string, cause?: unknown): WalletAuthError {
  return new WalletAuthError('WALLET_SIGNATURE_MALFORMED', message, { cause });
}

/**
 * Decodes a stamp strictly (docs/protocol.md §2, emulator rules): b64url JSON with three string
 * members, the right `scheme`, a `publicKey` that is a point (pub65 tolerated), and a
 * `signature` of strict minimal DER with 1 ≤ r, s < n. Extra members are ignored.
 * @param value - The header value.
 * @throws WalletAuthError `WALLET_SIGNATURE_MALFORMED` on any violation.
 */
export function decodeStamp(value: string): DecodedStamp {
  let parsed: unknown;
  try {
    parsed = JSON.parse(bytesToUtf8(base64UrlToBytes(value)));
  } catch (cause) {
    throw malformed('Stamp is not base64url JSON', cause);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw malformed('Stamp is not a JSON object');
  }
  const { publicKey, scheme, signature } = parsed as Record<string, unknown>;
  if (
    typeof publicKey !== 'string' ||
    typeof scheme !== 'string' ||
    typeof signature !== 'string'
  ) {
    throw malformed('Stamp needs string members publicKey, scheme and signature');
  }
  if (scheme !== STAMP_SCHEME) {
    throw malformed('Stamp scheme is not supported');
  }
  if (!isPublicKey(publicKey)) {
    throw malformed('Stamp publicKey is not a P-256 point');
  }
  const parsedSignature = parseDerSignature(signature);
  if (!parsedSignature) {
    throw malformed('Stamp signature is not strict DER with 1 ≤ r, s < n');
  }
  return { publicKey, scheme, signature, parsedSignature };
}

/** Parameters of `verifyStamp`. */
export interface VerifyStampParams {
  /** The `Service-Wallet-Signature` value. */
  stamp: string;
  /** The string that should have been signed, exactly. */
  payload: string;
}

/**
 * Verifies a stamp over a payload, accepting high-S (docs/protocol.md §2); for tests and the emulator.
 * It does not decide whether the key is authorised: compare `decodeStamp(stamp).publicKey` with
 * `publicKeysEqual` for that.
 * @param params - Stamp and payload.
 * @throws WalletAuthError `WALLET_SIGNATURE_MALFORMED` when the stamp cannot be decoded.
 */
export async function verifyStamp(params: VerifyStampParams): Promise<boolean> {
  const decoded = decodeStamp(params.stamp);
  return verifyMessageSignature({
    publicKey: decoded.publicKey,
    signature: decoded.parsedSignature,
    message: utf8ToBytes(params.payload),
  });
}
