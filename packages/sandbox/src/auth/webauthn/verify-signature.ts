/**
 * WebAuthn signatures over `authenticatorData ‖ SHA-256(clientDataJSON)`: ES256 (strict DER,
 * high-S accepted) with @noble/curves, RS256 (PKCS#1 v1.5) with WebCrypto.
 */
import { concatBytes } from '../../crypto/encoding.js';
import { verifyDerSignature } from '../../crypto/p256.js';
import { sha256 } from '../../crypto/sha256.js';
import type { PasskeyPublicKey } from '../../state/records.js';

/** Verifies `signature` by `key` over `authenticatorData ‖ SHA-256(clientDataJSON)`. */
export async function verifyWebAuthnSignature(
  key: PasskeyPublicKey,
  signature: Uint8Array,
  authenticatorData: Uint8Array,
  clientDataJson: Uint8Array,
): Promise<boolean> {
  const signed = concatBytes(authenticatorData, sha256(clientDataJson));
  if (key.alg === -7) {
    return verifyDerSignature(signature, signed, key.point);
  }
  try {
    const publicKey = await crypto.subtle.importKey(
      'jwk',
      { ...key.jwk, alg: 'RS256', ext: true },
      { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' },
      false,
      ['verify'],
    );
    return await crypto.subtle.verify(
      'RSASSA-PKCS1-v1_5',
      publicKey,
      signature.slice(),
      signed.slice(),
    );
  } catch {
    return false;
  }
}
