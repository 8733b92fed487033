// @vitest-environment node
/// <reference types="node" />
import { afterEach, describe, expect, it } from 'vitest';

const BROWSER_GLOBALS = [
  'window',
  'document',
  'navigator',
  'indexedDB',
  'localStorage',
  'sessionStorage',
  'BroadcastChannel',
  'location',
];

/** Makes every browser global throw-free but recorded, so a touch is visible. */
function watchBrowserGlobals(restore: (() => void)[]): string[] {
  const touched: string[] = [];
  for (const name of BROWSER_GLOBALS) {
    const descriptor = Object.getOwnPropertyDescriptor(globalThis, name);
    Object.defineProperty(globalThis, name, {
      configurable: true,
      get() {
        const caller = new Error().stack?.split('\n')[2] ?? '';
        // @tanstack/query-core (a peer dependency) runs its own `typeof window` server check.
        if (!caller.includes('/node_modules/')) {
          touched.push(`${name} ${caller.trim()}`);
        }
        return undefined;
      },
    });
    restore.push(() => {
      if (descriptor) {
        Object.defineProperty(globalThis, name, descriptor);
      } else {
        delete (globalThis as Record<string, unknown>)[name];
      }
    });
  }
  return touched;
}

describe('server rendering', () => {
  const restore: (() => void)[] = [];
  afterEach(() => {
    for (const undo of restore.splice(0)) {
      undo();
    }
  });

  it('given plain Node with no DOM, should import the package without touching a browser global', async () => {
    const touched = watchBrowserGlobals(restore);
    const kit = await import('./index.js');
    expect(typeof kit.SignIn).toBe('object');
    expect(typeof kit.createWalletAuthClient).toBe('function');
    expect(touched).toEqual([]);
  });

  it('UI-08: given renderToString, should render the assembled components and parts on the server, without a style attribute', async () => {
    const touched = watchBrowserGlobals(restore);
    const { renderToString } = await import('react-dom/server');
    const { QueryClient, QueryClientProvider } = await import('@tanstack/react-query');
    const react = await import('./index.js');
    const { fr } = await import('./i18n/fr.js');
    const client = react.createWalletAuthClient({
      baseUrl: 'https://wallet.example/api/2025-10-13',
      environment: 'production',
    });
    const html = renderToString(
      <QueryClientProvider client={new QueryClient()}>
        <react.WalletAuthProvider client={client}>
          <react.WalletAuthLocaleProvider messages={fr}>
            <react.SignIn accountId="InternalAccount:00000000-0000-4000-8000-000000000000" />
            <react.AccountSecurity />
            <react.WalletCard.Root />
            <react.OtpInput.Root aria-label="Code">
              <react.OtpInput.Group>
                <react.OtpInput.Slot index={0} />
              </react.OtpInput.Group>
            </react.OtpInput.Root>
            <react.CountdownNotice
              until={60_000}
              clock={{ now: () => 0, setTimeout: () => () => {} }}
            />
          </react.WalletAuthLocaleProvider>
        </react.WalletAuthProvider>
      </QueryClientProvider>,
    );
    expect(html).toContain(fr.signIn.title);
    expect(html).toContain('data-wallet-auth');
    expect(html.toLowerCase()).toContain('autocomplete="one-time-code"');
    // UI-08: no style attribute, which a strict CSP (no 'unsafe-inline' styles) would block; the
    // parts set their mechanics through the CSSOM once mounted.
    expect(html).toContain('data-visually-hidden');
    expect(html).not.toMatch(/\sstyle=/);
    // The session is `loading` until the browser restores it.
    expect(html).toContain(fr.common.loading);
    expect(touched).toEqual([]);
  });

  it('given the devtools and locales entries, should import and render on the server without touching a browser global', async () => {
    const touched = watchBrowserGlobals(restore);
    const { renderToString } = await import('react-dom/server');
    const react = await import('./index.js');
    const devtools = await import('./devtools/index.js');
    const locales = await import('./locales.js');
    const store = devtools.createWalletAuthDevtools();
    const client = react.createWalletAuthClient({
      baseUrl: 'https://wallet.example/api/2025-10-13',
      environment: 'production',
      onExchange: store.onExchange,
    });
    const html = renderToString(
      <react.WalletAuthProvider client={client}>
        <devtools.WalletAuthDevtools store={store} />
      </react.WalletAuthProvider>,
    );
    expect(html).toContain('Wallet Auth devtools');
    expect(locales.matchLocale('de-AT')).toBe('de');
    expect(touched).toEqual([]);
  });
});
