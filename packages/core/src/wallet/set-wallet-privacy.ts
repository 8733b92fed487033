import {
  type SignedActionOptions,
  signedCallOptions,
  withSessionStamp,
} from '../session/signed-action.js';
import type { InternalAccount } from '../types.js';
import type { WalletAuthClient } from '../wallet-auth-client.types.js';
import { assertResourceId, invalidInput } from './validate-input.js';

/**
 * Turns the wallet's privacy flag on or off (`PATCH /internal-accounts/{id}` `{privateEnabled}`,
 * docs/protocol.md §12), a signed retry stamped by this device's session.
 *
 * @param client - The kit's client.
 * @param accountId - The wallet, `InternalAccount:<uuid>`.
 * @param privateEnabled - The new value.
 * @param options - Signal and progress listener.
 * @returns The updated InternalAccount.
 * @throws WalletAuthError `INVALID_INPUT` (before any network call for a non-boolean value),
 * `SESSION_EXPIRED`, `SESSION_KEY_MISSING` and the signed retry's codes.
 * @example
 * const wallet = await setWalletPrivacy(client, wallet.id, true);
 */
export async function setWalletPrivacy(
  client: WalletAuthClient,
  accountId: string,
  privateEnabled: boolean,
  options: SignedActionOptions = {},
): Promise<InternalAccount> {
  assertResourceId(accountId, 'InternalAccount', 'accountId');
  if (typeof privateEnabled !== 'boolean') {
    throw invalidInput([{ field: 'privateEnabled', message: 'privateEnabled must be a boolean.' }]);
  }
  return withSessionStamp(client, ({ stamp }) =>
    client.api.updatePrivacy(accountId, privateEnabled, signedCallOptions(stamp, options)),
  );
}
