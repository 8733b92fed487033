/**
 * Loading @hpke/core on demand (its own chunk): an app's first load needs no HPKE, and an OTP
 * sign-in starts fetching it when the code is requested (`preloadHpke`). Apart from `hpke.ts` so
 * that the OTP flow can start the fetch without bringing the HPKE functions into the first load.
 */

// The module promise is kept (a dynamic import per call costs a resolve each time, ~4 % of a
// busy client's CPU) and dropped after a failure so that a later call can try the network again.
let suiteModule: Promise<typeof import('./hpke-suite.js')> | undefined;

/** Loads the HPKE suite's module once per page; a failed load is tried again next time. */
export function loadSuite(): Promise<typeof import('./hpke-suite.js')> {
  suiteModule ??= import('./hpke-suite.js').catch((error: unknown) => {
    suiteModule = undefined;
    throw error;
  });
  return suiteModule;
}

/**
 * Starts loading the HPKE code in the background, so it is ready when needed; a failure is
 * ignored here and reported by the call that needs the code.
 */
export function preloadHpke(): void {
  loadSuite().catch(() => undefined);
}
