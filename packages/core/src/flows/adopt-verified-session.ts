import { type ClientKey, resolveSessionKey } from '../crypto/client-key.js';
import type { AuthSession } from '../types.js';
import type { WalletAuthClient } from '../wallet-auth-client.types.js';

/**
 * Ends a PASSKEY or OAUTH sign-in: opens the session key the verify answered with (sealed to the
 * client key, or the client-held key itself; docs/protocol.md §7, §15) and adopts the session as this
 * device's, unless the flow was left meanwhile.
 * @param client - The kit's client.
 * @param verified - The verify's AuthSession, the client key sent with it, the credential, the
 * effect's signal, and `onAdopted`, called as the session becomes this device's (the flow sends
 * `VERIFIED` from there, before a UI reacting to the session can unmount it).
 * @returns false when the signal aborted before adoption (nothing adopted).
 */
export async function adoptVerifiedSession(
  client: WalletAuthClient,
  verified: {
    session: AuthSession;
    clientKey: ClientKey;
    credentialId: string;
    signal: AbortSignal;
    onAdopted: () => void;
  },
): Promise<boolean> {
  const keyPair = await resolveSessionKey({
    clientKey: verified.clientKey,
    encryptedSessionSigningKey: verified.session.encryptedSessionSigningKey,
  });
  if (verified.signal.aborted) {
    return false;
  }
  await client.sessions.adopt({
    session: verified.session,
    keyPair,
    credentialId: verified.credentialId,
    onAdopted: verified.onAdopted,
  });
  return true;
}
