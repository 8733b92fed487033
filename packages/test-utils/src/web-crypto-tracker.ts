/** Counts WebCrypto calls in flight; see {@link trackWebCrypto}. */
export interface WebCryptoTracker {
  /** Calls started and not yet settled. */
  inFlight(): number;
  /** Puts the original methods back (after the last user released its hold). */
  release(): void;
}

/** The methods of `SubtleCrypto`, for code that wraps each of them. */
export const SUBTLE_METHODS = [
  'decrypt',
  'deriveBits',
  'deriveKey',
  'digest',
  'encrypt',
  'exportKey',
  'generateKey',
  'importKey',
  'sign',
  'unwrapKey',
  'verify',
  'wrapKey',
] as const;

let holders = 0;
let inFlight = 0;
let originals: Map<string, unknown> | undefined;

/**
 * Counts the `crypto.subtle` calls in flight, for test drivers that move a fake clock when the
 * code under test looks idle. Node runs WebCrypto on its thread pool, which a few event-loop turns
 * do not cover on a loaded machine: a driver that only counts requests in flight fires the next
 * timer while a signature or a key export is still being computed, and time jumps under the
 * code (a session expires before its refresh, a stamp arrives after its challenge). Shared by
 * nested users; each `trackWebCrypto()` needs one `release()`.
 */
export function trackWebCrypto(): WebCryptoTracker {
  const subtle = crypto.subtle as unknown as Record<string, (...args: unknown[]) => unknown>;
  if (holders === 0) {
    const saved = new Map<string, unknown>();
    for (const name of SUBTLE_METHODS) {
      const original = subtle[name];
      if (typeof original !== 'function') {
        continue;
      }
      saved.set(name, original);
      subtle[name] = (...args: unknown[]) => {
        inFlight += 1;
        let result: unknown;
        try {
          result = original.apply(crypto.subtle, args);
        } catch (error) {
          inFlight -= 1;
          throw error;
        }
        return Promise.resolve(result).finally(() => {
          inFlight -= 1;
        });
      };
    }
    originals = saved;
  }
  holders += 1;
  let released = false;
  return {
    inFlight: () => inFlight,
    release() {
      if (released) {
        return;
      }
      released = true;
      holders -= 1;
      if (holders === 0 && originals !== undefined) {
        for (const [name, original] of originals) {
          subtle[name] = original as (...args: unknown[]) => unknown;
        }
        originals = undefined;
      }
    },
  };
}
