import { base64UrlToBytes, bytesToBase64Url } from '../encoding/base64url.js';
import { WalletAuthError } from '../errors/wallet-auth-error.js';

/**
 * Reads one binary member of a WebAuthn JSON answer as canonical unpadded base64url (docs/protocol.md
 * notation), whatever padding the authenticator layer produced.
 * @param value - The member's value.
 * @param member - Its name, for the message.
 * @throws WalletAuthError `PROTOCOL_ERROR` when it is missing, empty or not base64url.
 */
export function readBase64UrlMember(value: unknown, member: string): string {
  if (typeof value !== 'string' || value.length === 0) {
    throw new WalletAuthError('PROTOCOL_ERROR', `The passkey answer has no ${member}.`);
  }
  try {
    return bytesToBase64Url(base64UrlToBytes(value));
  } catch (cause) {
    throw new WalletAuthError(
      'PROTOCOL_ERROR',
      `The passkey answer's ${member} is not base64url.`,
      {
        cause,
      },
    );
  }
}
