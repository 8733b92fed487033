import { WalletAuthError } from '../errors/wallet-auth-error.js';
import {
  type DecryptionKeyPair,
  generateDecryptionKeyPair,
  generateSigningKeyPair,
  type SigningKeyPair,
} from '../keys/key-pair.js';
import { decryptSessionKey } from './decrypt-session-key.js';

/**
 * How a session key reaches the client (docs/protocol.md §15): `documented` (default) sends the pub65 of
 * an ECDH key and receives a sealed key; `client-held` sends the pub33 of a non-extractable ECDSA
 * key that becomes the session key itself (emulator, or a service known to support it).
 */
export type SessionKeyMode = 'documented' | 'client-held';

/** The key behind a `clientPublicKey` of PASSKEY challenge, OAUTH verify or refresh. */
export type ClientKey =
  | {
      readonly mode: 'documented';
      /** Decrypts the sealed session key. */
      readonly keyPair: DecryptionKeyPair;
      /** pub65 hex, exactly the string to send (and to hash into the OAuth nonce, §10). */
      readonly clientPublicKey: string;
    }
  | {
      readonly mode: 'client-held';
      /** Is the session key. */
      readonly keyPair: SigningKeyPair;
      /** pub33 hex, exactly the string to send (and to hash into the OAuth nonce, §10). */
      readonly clientPublicKey: string;
    };

/**
 * Makes a fresh client key for one authentication (docs/protocol.md §15; catalogue HPKE-19: never reused).
 * @param mode - `documented` (default) or `client-held`.
 * @throws WalletAuthError `INSECURE_CONTEXT` without WebCrypto.
 */
export async function createClientKey(mode: SessionKeyMode = 'documented'): Promise<ClientKey> {
  if (mode === 'client-held') {
    const keyPair = await generateSigningKeyPair();
    return { mode, keyPair, clientPublicKey: keyPair.compressedPublicKeyHex };
  }
  const keyPair = await generateDecryptionKeyPair();
  return { mode, keyPair, clientPublicKey: keyPair.publicKeyHex };
}

/** Parameters of `resolveSessionKey`. */
export interface ResolveSessionKeyParams {
  /** The key whose public half was sent as `clientPublicKey`. */
  clientKey: ClientKey;
  /** The AuthSession's `encryptedSessionSigningKey`, if it has one. */
  encryptedSessionSigningKey?: string | null | undefined;
}

/**
 * Turns an AuthSession answer into the session signing key (docs/protocol.md §7, §15): documented mode
 * opens the sealed key; client-held mode uses its own key. A sealed key in client-held mode, or
 * none in documented mode, is a protocol error.
 * @param params - Client key and the AuthSession's sealed key.
 * @throws WalletAuthError `PROTOCOL_ERROR`, `NETWORK_ERROR` (its code could not be loaded), plus
 * those of `decryptSessionKey`.
 */
export async function resolveSessionKey(params: ResolveSessionKeyParams): Promise<SigningKeyPair> {
  const { clientKey, encryptedSessionSigningKey } = params;
  const sealed =
    typeof encryptedSessionSigningKey === 'string' ? encryptedSessionSigningKey : undefined;
  if (clientKey.mode === 'client-held') {
    if (sealed !== undefined) {
      throw new WalletAuthError(
        'PROTOCOL_ERROR',
        'A sealed session key arrived in client-held mode',
      );
    }
    return clientKey.keyPair;
  }
  if (sealed === undefined) {
    throw new WalletAuthError('PROTOCOL_ERROR', 'The session came without its sealed session key');
  }
  return decryptSessionKey({
    encryptedSessionSigningKey: sealed,
    clientKeyPair: clientKey.keyPair,
  });
}
