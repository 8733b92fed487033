import { base64UrlToBytes } from '../encoding/base64url.js';
import { bytesToUtf8 } from '../encoding/utf8.js';
import { WalletAuthError } from '../errors/wallet-auth-error.js';
import { type PublicKeyInput, publicKeysEqual } from './p256.js';

function readPublicKeyClaim(token: string): unknown {
  const segments = token.split('.');
  if (segments.length !== 3 || segments[1] === undefined) {
    return undefined;
  }
  try {
    const payload: unknown = JSON.parse(bytesToUtf8(base64UrlToBytes(segments[1])));
    if (typeof payload === 'object' && payload !== null && !Array.isArray(payload)) {
      return (payload as Record<string, unknown>).public_key;
    }
  } catch {
    // Not a JWS the kit can read: the kit requires no claim and the server decides (docs/protocol.md §6).
  }
  return undefined;
}

/**
 * Refuses to stamp an OTP verification token bound to another key (docs/protocol.md §6): when the token
 * is a JWS whose payload has a `public_key` claim, it must equal the TEK as a point. A token without
 * the claim, or not a JWS at all, passes: it is stamped exactly as received.
 * @param token - The first-leg `payloadToSign`.
 * @param tekPublicKey - The TEK's public key (pub33 or pub65).
 * @throws WalletAuthError `PAYLOAD_INTENT_MISMATCH` (catalogue HPKE-18).
 */
export function assertVerificationTokenBinding(token: string, tekPublicKey: PublicKeyInput): void {
  const claim = readPublicKeyClaim(token);
  if (claim === undefined) {
    return;
  }
  if (typeof claim !== 'string' || !publicKeysEqual(claim, tekPublicKey)) {
    throw new WalletAuthError(
      'PAYLOAD_INTENT_MISMATCH',
      'The verification token is bound to a different key than this sign-in attempt',
    );
  }
}
