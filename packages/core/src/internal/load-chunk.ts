import { WalletAuthError } from '../errors/wallet-auth-error.js';

/**
 * Awaits a part of the kit loaded on demand (a dynamic `import()`, which bundlers emit as a chunk
 * fetched when first needed) and turns a failed load into a retryable `NETWORK_ERROR`.
 * @param load - The dynamic import.
 * @throws WalletAuthError `NETWORK_ERROR` when the chunk cannot be fetched or evaluated.
 */
export async function loadChunk<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (cause) {
    throw new WalletAuthError(
      'NETWORK_ERROR',
      'Part of the wallet kit could not be loaded; check the connection and try again',
      { cause },
    );
  }
}

let onDemand: Promise<typeof import('../on-demand.js')> | undefined;

/**
 * Loads `on-demand.ts`, the one chunk of kit code fetched on first use (sealed-key opening and
 * the wallet actions used after sign-in).
 * @throws WalletAuthError `NETWORK_ERROR` when the chunk cannot be fetched or evaluated.
 */
export function loadOnDemand(): Promise<typeof import('../on-demand.js')> {
  // One promise for the page: once loaded, later callers wait a microtask, not another import().
  onDemand ??= loadChunk(() => import('../on-demand.js')).catch((error: unknown) => {
    onDemand = undefined; // a failed fetch is tried again next time
    throw error;
  });
  return onDemand;
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
