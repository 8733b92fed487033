import { toWalletAuthError, WalletAuthError } from '../errors/wallet-auth-error.js';
import type { EffectRunner } from './flow.js';

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

/**
 * An effect runner whose code is fetched on first use (a dynamic `import()`, normally of the kit's
 * on-demand chunk through `loadOnDemand`), so a flow's I/O stays out of the page's first load. The load starts with the first
 * effect and is shared by the next ones; when it fails (`NETWORK_ERROR`), `failed` names the
 * event that reports it for that effect, and the next effect tries the load again.
 * @param load - Resolves to the runner.
 * @param failed - The failure event of each effect.
 */
export function runOnDemand<E, F>(
  load: () => Promise<EffectRunner<E, F>>,
  failed: (effect: F, error: WalletAuthError) => E,
): EffectRunner<E, F> {
  let loading: Promise<EffectRunner<E, F>> | undefined;
  return async (effect, context) => {
    let run: EffectRunner<E, F>;
    try {
      loading ??= load();
      run = await loading;
    } catch (error) {
      loading = undefined;
      context.send(
        failed(effect, toWalletAuthError(error, 'Part of the wallet kit could not be loaded.')),
      );
      return;
    }
    await run(effect, context);
  };
}
