/**
 * The one door to the kit's code loaded on first use (house rule for on-demand code):
 *
 * - `chunk.ts` lists that code; a bundler emits it as one chunk, fetched by `loadOnDemand()`.
 * - Code that a page loads first reaches it only through this module. Each door below has the
 *   name and the signature of the implementation it loads (`reconcileRemoval` here runs
 *   `signed-retry/reconcile.ts`'s `reconcileRemoval`), plus `NETWORK_ERROR` when the chunk cannot
 *   be fetched. Flows load their effect runners with `runOnDemand` (internal/load-chunk.ts).
 * - Code inside the chunk imports implementations directly, never this module, so no import
 *   circle forms (the dependency rules check it).
 */
import type { CreateStampParams } from '../crypto/stamp.js';
import { isWalletAuthError, type WalletAuthError } from '../errors/wallet-auth-error.js';
import { loadChunk } from '../internal/load-chunk.js';
import type { SignedActionOptions } from '../session/signed-action.js';
import type {
  reconcileNewCredential as NewCredential,
  reconcileRemoval as Removal,
} from '../signed-retry/reconcile.js';
import type { ReconcileStep } from '../signed-retry/signed-retry.js';
import type { Customer, InternalAccount } from '../types.js';
import type { ContactChange } from '../wallet/change-contact.js';
import type { FindEmbeddedWalletOptions } from '../wallet/find-embedded-wallet.js';
import type { WalletAuthClient } from '../wallet-auth-client.types.js';
import type { IdentifyWebAuthnErrorContext } from '../webauthn/identify-webauthn-error.js';

type Chunk = typeof import('./chunk.js');

let chunk: Promise<Chunk> | undefined;

/**
 * Loads `chunk.ts`, the kit's code fetched on first use.
 * @throws WalletAuthError `NETWORK_ERROR` when the chunk cannot be fetched or evaluated.
 */
export function loadOnDemand(): Promise<Chunk> {
  // One promise for the page: once loaded, later callers wait a microtask, not another import().
  chunk ??= loadChunk(() => import('./chunk.js')).catch((error: unknown) => {
    chunk = undefined; // a failed fetch is tried again next time
    throw error;
  });
  return chunk;
}

/**
 * Fetches the parts of the kit loaded on demand (sign-in and refresh I/O, sealed keys, wallet
 * actions) ahead of use — call it when the browser is idle or the sign-in screen appears, so the
 * first flow step does not wait for the chunk. Resolves once loaded; never rejects (a failed fetch
 * is retried when the code is needed).
 * @example
 * requestIdleCallback(() => void preloadWalletAuth());
 */
export async function preloadWalletAuth(): Promise<void> {
  await loadOnDemand().catch(() => undefined);
}

/** A reconcile step whose code is fetched when the step runs (a lost answer is rare). */
function reconcileStep<A extends unknown[]>(
  pick: (loaded: Chunk) => (...args: A) => ReconcileStep,
): (...args: A) => ReconcileStep {
  return (...args) =>
    async (context) =>
      pick(await loadOnDemand())(...args)(context);
}

// ─── Reconcile steps (signed-retry/reconcile.ts) ─────────────────────────────────────────────
// Marked pure so a bundler drops a door that nothing on the page uses.

/** `reconcileNewCredential` (a lost credential add). */
export const reconcileNewCredential: typeof NewCredential = /* @__PURE__ */ reconcileStep(
  (loaded) => loaded.reconcileNewCredential,
);
/** `reconcileRemoval` (a lost revoke). */
export const reconcileRemoval: typeof Removal = /* @__PURE__ */ reconcileStep(
  (loaded) => loaded.reconcileRemoval,
);

// ─── Stamps (crypto/stamp.ts) ────────────────────────────────────────────────────────────────

/**
 * Stamps `payload` with a session key (docs/protocol.md §2). The ECDSA and DER code is needed only
 * once a signed action runs, so it stays out of the sign-in's first load.
 * @param params - The payload and the key pair.
 */
export async function createStamp(params: CreateStampParams): Promise<string> {
  return (await loadOnDemand()).createStamp(params);
}

// ─── WebAuthn errors (webauthn/identify-webauthn-error.ts) ───────────────────────────────────

/**
 * Translates a rejected WebAuthn ceremony (catalogue PK-12); only a failed ceremony needs the
 * table. A `WalletAuthError` passes through without loading anything; if the chunk cannot be
 * fetched, its retryable `NETWORK_ERROR` is the answer.
 * @param error - What the ceremony rejected with.
 * @param context - The ceremony, and whether the kit aborted it.
 */
export async function identifyWebAuthnError(
  error: unknown,
  context: IdentifyWebAuthnErrorContext,
): Promise<WalletAuthError> {
  if (isWalletAuthError(error)) {
    return error;
  }
  try {
    return (await loadOnDemand()).identifyWebAuthnError(error, context);
  } catch (loadError) {
    return loadError as WalletAuthError;
  }
}

// ─── Wallet actions used after sign-in (wallet/) ─────────────────────────────────────────────

/**
 * Changes the customer's email or phone number, a signed retry when an OTP credential is tied to
 * it (docs/protocol.md §11.6; `change-contact.ts`).
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
 * device's session (docs/protocol.md §8; `export-wallet.ts`). The phrase is never stored or logged.
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
 * (docs/protocol.md §12; `set-wallet-privacy.ts`).
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
