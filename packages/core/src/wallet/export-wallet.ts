import { decryptExportBundle } from '../crypto/decrypt-export-bundle.js';
import { WalletAuthError } from '../errors/wallet-auth-error.js';
import { generateDecryptionKeyPair } from '../keys/key-pair.js';
import {
  type SignedActionOptions,
  signedCallOptions,
  withSessionStamp,
} from '../session/signed-action.js';
import type { WalletAuthClient } from '../wallet-auth-client.types.js';
import { assertResourceId } from './validate-input.js';

/**
 * Exports the wallet's recovery phrase (docs/service-api.md "Other signed-retry endpoints",
 * docs/protocol.md §8): a fresh non-extractable ECDH key pair per export, its pub65 sent as
 * `clientPublicKey` on both legs, the signed retry stamped by this device's session, and the
 * bundle opened under the client's environment (pinned signer in production, unsigned in a
 * sandbox). The phrase exists only in the returned string: it is never stored or logged, and a
 * lapsed challenge means a new export.
 *
 * @param client - The kit's client.
 * @param accountId - The wallet, `InternalAccount:<uuid>`.
 * @param options - Signal and progress listener.
 * @returns The BIP-39 mnemonic (words separated by single spaces).
 * @throws WalletAuthError `INVALID_INPUT`, `SESSION_EXPIRED`, `SESSION_KEY_MISSING`, the signed
 * retry's codes, `BUNDLE_MALFORMED`, `BUNDLE_SIGNATURE_INVALID`, `DECRYPT_FAILED`, `PROTOCOL_ERROR`.
 * @example
 * const phrase = await exportWallet(client, wallet.id);
 */
export async function exportWallet(
  client: WalletAuthClient,
  accountId: string,
  options: SignedActionOptions = {},
): Promise<string> {
  assertResourceId(accountId, 'InternalAccount', 'accountId');
  return withSessionStamp(client, async ({ stamp }) => {
    // Fresh per export (docs/protocol.md §8); the private half never leaves WebCrypto.
    const keyPair = await generateDecryptionKeyPair();
    const answer = await client.api.exportWallet(
      accountId,
      keyPair.publicKeyHex,
      signedCallOptions(stamp, options),
    );
    if (typeof answer?.encryptedWalletCredentials !== 'string') {
      throw new WalletAuthError(
        'PROTOCOL_ERROR',
        'The export answer has no encryptedWalletCredentials.',
      );
    }
    return decryptExportBundle({
      encryptedWalletCredentials: answer.encryptedWalletCredentials,
      keyPair,
      environment: client.environment,
    });
  });
}
