import type { WalletAuthClient } from '@wallet-auth/core';
import {
  type ComponentPropsWithoutRef,
  forwardRef,
  useId,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { composeRefs } from '../primitives/compose-refs.js';
import { useWalletAuthClient } from '../provider/use-wallet-auth-client.js';
import type { WalletAuthDevtoolsStore } from './devtools-store.js';
import { ExchangesSection, SignedRetriesSection } from './exchange-sections.js';
import { KeySection, SessionSection } from './health-sections.js';
import { useKitParts } from './use-kit-parts.js';

/** Props of `WalletAuthDevtools`. */
export interface WalletAuthDevtoolsProps
  extends Omit<ComponentPropsWithoutRef<'aside'>, 'children'> {
  /** The store from `createWalletAuthDevtools`, whose `onExchange` the client was given. */
  store: WalletAuthDevtoolsStore;
  /** Use this client instead of the provider's (for the session and key sections). */
  client?: WalletAuthClient;
  /** The panel's heading, which also names its landmark. @defaultValue 'Wallet Auth devtools' */
  title?: string;
  /** Open on first render. @defaultValue true */
  initialOpen?: boolean;
  /** The stylesheet's theme for `@wallet-auth/react/devtools.css`. @defaultValue 'dark' */
  theme?: 'light' | 'dark';
}

/**
 * A developer panel for the kit, opt-in and shipped apart (`@wallet-auth/react/devtools`, so an
 * app that does not render it never downloads it): the parts on the page and the flow state
 * each shows, signed retries as timelines (challenge, stamp, PROCESSING, outcome), every
 * exchange with the service, this device's session and the health of its key. Redacted by
 * construction: stamps, codes, ID tokens, sealed keys and private keys are never held or shown.
 * An `aside` landmark named by `title`; styles in `@wallet-auth/react/devtools.css`.
 *
 * @example
 * const devtools = createWalletAuthDevtools();
 * const client = createWalletAuthClient({ baseUrl: '/api', onExchange: devtools.onExchange });
 * // inside WalletAuthProvider:
 * {import.meta.env.DEV && <WalletAuthDevtools store={devtools} />}
 */
export const WalletAuthDevtools = forwardRef<HTMLElement, WalletAuthDevtoolsProps>(
  function WalletAuthDevtools(
    {
      store,
      client: clientProp,
      title = 'Wallet Auth devtools',
      initialOpen = true,
      theme = 'dark',
      ...props
    },
    ref,
  ) {
    const client = useWalletAuthClient(clientProp, 'WalletAuthDevtools');
    const { exchanges } = useSyncExternalStore(
      store.subscribe,
      store.getSnapshot,
      store.getSnapshot,
    );
    const [open, setOpen] = useState(initialOpen);
    const own = useRef<HTMLElement | null>(null);
    const parts = useKitParts(own);
    const titleId = useId();
    const bodyId = useId();
    const partsId = useId();
    return (
      <aside
        aria-labelledby={titleId}
        data-wallet-auth-devtools=""
        data-theme={theme}
        data-state={open ? 'open' : 'closed'}
        {...props}
        ref={composeRefs(own, ref)}
      >
        <div data-devtools-head="">
          <h2 id={titleId}>{title}</h2>
          <span data-devtools-count="">
            {exchanges.length} {exchanges.length === 1 ? 'exchange' : 'exchanges'}
          </span>
          <button
            type="button"
            aria-expanded={open}
            aria-controls={bodyId}
            onClick={() => setOpen(!open)}
          >
            {open ? 'Hide' : 'Show'}
          </button>
          <button type="button" onClick={store.clear} disabled={exchanges.length === 0}>
            Clear
          </button>
        </div>
        {open ? (
          <div id={bodyId} data-devtools-body="">
            <SessionSection client={client} />
            <KeySection client={client} />
            <section aria-labelledby={partsId} data-devtools-section="parts">
              <h3 id={partsId}>Flows on this page</h3>
              {parts.length === 0 ? (
                <p>No kit component on the page.</p>
              ) : (
                <ul aria-labelledby={partsId}>
                  {parts.map((part, index) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: parts are listed in document order
                    <li key={index} data-part-state={part.state}>
                      <strong>{part.name}</strong>
                      {part.detail === undefined ? null : ` (${part.detail})`}: {part.state}
                    </li>
                  ))}
                </ul>
              )}
            </section>
            <SignedRetriesSection exchanges={exchanges} />
            <ExchangesSection exchanges={exchanges} />
          </div>
        ) : null}
      </aside>
    );
  },
);
