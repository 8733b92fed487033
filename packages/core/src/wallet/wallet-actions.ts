/**
 * The public entry points of the wallet actions used after sign-in. Each loads its code on first
 * use (`on-demand.ts`), so a page that only signs in never downloads it; the behaviour
 * and the errors are those of the implementation named in each summary.
 */
import type { WalletAuthClient } from '../client/create-wallet-auth-client.js';
import { loadOnDemand } from '../internal/load-chunk.js';
import type { Customer, InternalAccount } from '../types.js';
import type { ContactChange } from './change-contact.js';
import type { FindEmbeddedWalletOptions } from './find-embedded-wallet.js';
import type { SignedActionOptions } from './session-signed.js';

/**
 * Changes the customer's email or phone number, a signed retry when an OTP credential is tied to
 * it (wire-format §11.6; `change-contact.ts`).
 * @param client - The kit's client.
 * @param customerId - `Customer:<uuid>`.
 * @param change - `{ email }` or `{ phoneNumber }`.
 * @param options - Signal and progress listener.
 * @returns The updated Customer.
 * @throws WalletAuthError `INVALID_INPUT`, `SESSION_EXPIRED`, `SESSION_KEY_MISSING`, the signed
 * retry's codes, `NETWORK_ERROR` (also when the code could not be loaded).
 * @example
 * await changeContact(client, customerId, { email: 'new@example.com' });
 */
export async function changeContact(
  client: WalletAuthClient,
  customerId: string,
  change: ContactChange,
  options?: SignedActionOptions,
): Promise<Customer> {
  return (await loadOnDemand()).changeContact(client, customerId, change, options);
}

/**
 * Exports the wallet's recovery phrase with a fresh ECDH key and a signed retry stamped by this
 * device's session (wire-format §8; `export-wallet.ts`). The phrase is never stored or logged.
 * @param client - The kit's client.
 * @param accountId - The wallet, `InternalAccount:<uuid>`.
 * @param options - Signal and progress listener.
 * @returns The BIP-39 mnemonic (words separated by single spaces).
 * @throws WalletAuthError `INVALID_INPUT`, `SESSION_EXPIRED`, `SESSION_KEY_MISSING`, the signed
 * retry's codes, `BUNDLE_MALFORMED`, `BUNDLE_SIGNATURE_INVALID`, `DECRYPT_FAILED`,
 * `PROTOCOL_ERROR`, `NETWORK_ERROR` (also when the code could not be loaded).
 * @example
 * const phrase = await exportWallet(client, wallet.id);
 */
export async function exportWallet(
  client: WalletAuthClient,
  accountId: string,
  options?: SignedActionOptions,
): Promise<string> {
  return (await loadOnDemand()).exportWallet(client, accountId, options);
}

/**
 * Finds the customer's EMBEDDED_WALLET internal account, following pages (`find-embedded-wallet.ts`).
 * @param client - The kit's client.
 * @param customerId - `Customer:<uuid>`.
 * @param options - Signal and page size.
 * @returns The wallet, or `undefined` when the customer has none.
 * @throws WalletAuthError `INVALID_INPUT`, `PROTOCOL_ERROR`, the request's codes, `NETWORK_ERROR`
 * (also when the code could not be loaded).
 * @example
 * const wallet = await findEmbeddedWallet(client, customerId);
 */
export async function findEmbeddedWallet(
  client: WalletAuthClient,
  customerId: string,
  options?: FindEmbeddedWalletOptions,
): Promise<InternalAccount | undefined> {
  return (await loadOnDemand()).findEmbeddedWallet(client, customerId, options);
}

/**
 * Turns the wallet's privacy flag on or off, a signed retry stamped by this device's session
 * (wire-format §12; `set-wallet-privacy.ts`).
 * @param client - The kit's client.
 * @param accountId - The wallet, `InternalAccount:<uuid>`.
 * @param privateEnabled - The new value.
 * @param options - Signal and progress listener.
 * @returns The updated InternalAccount.
 * @throws WalletAuthError `INVALID_INPUT`, `SESSION_EXPIRED`, `SESSION_KEY_MISSING`, the signed
 * retry's codes, `NETWORK_ERROR` (also when the code could not be loaded).
 * @example
 * const wallet = await setWalletPrivacy(client, wallet.id, true);
 */
export async function setWalletPrivacy(
  client: WalletAuthClient,
  accountId: string,
  privateEnabled: boolean,
  options?: SignedActionOptions,
): Promise<InternalAccount> {
  return (await loadOnDemand()).setWalletPrivacy(client, accountId, privateEnabled, options);
}
