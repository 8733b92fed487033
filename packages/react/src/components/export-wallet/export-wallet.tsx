import type { WalletAuthClient } from '@wallet-auth/core';
import {
  type ButtonHTMLAttributes,
  type ComponentPropsWithoutRef,
  createContext,
  forwardRef,
  type ReactNode,
  type Ref,
  useContext,
  useId,
} from 'react';
import type { WalletAuthMessages } from '../../i18n/en.js';
import { useMessages } from '../../i18n/locale-provider.js';
import { composeEventHandlers } from '../../primitives/compose-event-handlers.js';
import { Slot } from '../../primitives/slot.js';
import { useWalletAuthClient } from '../../provider/use-wallet-auth-client.js';
import { CountdownNotice } from '../notice/countdown-notice.js';
import { ErrorNotice } from '../notice/error-notice.js';
import { progressText } from '../notice/progress-text.js';
import { SignedActionConfirmRoot } from '../signed-action-confirm/signed-action-confirm.js';
import { type UseExportWalletResult, useExportWallet } from './use-export-wallet.js';

interface ExportContextValue {
  exporter: UseExportWalletResult;
  client: WalletAuthClient;
  messages: WalletAuthMessages;
  phraseId: string;
  warningId: string;
}

const ExportContext = createContext<ExportContextValue | null>(null);

function useExportContext(part: string): ExportContextValue {
  const context = useContext(ExportContext);
  if (context === null) {
    throw new Error(`<ExportWallet.${part}> must be used within <ExportWallet.Root>.`);
  }
  return context;
}

/** Props of `ExportWallet.Root`. */
export interface ExportWalletRootProps extends ComponentPropsWithoutRef<'section'> {
  /** The wallet. @defaultValue the account of this device's session */
  accountId?: string;
  /**
   * Show the exact payload and ask for approval before the session key signs the export request;
   * `false` signs at once. @defaultValue true
   */
  confirm?: boolean;
  /** Hide the phrase when the page is hidden. @defaultValue true */
  hideWhenPageHidden?: boolean;
  /** Use this client instead of the nearest `WalletAuthProvider`'s. */
  client?: WalletAuthClient;
  /** The texts (e.g. `fr`). @defaultValue the nearest `WalletAuthLocaleProvider`'s, else English */
  messages?: WalletAuthMessages;
  /** @defaultValue title, warning, phrase, buttons, status and confirmation */
  children?: ReactNode;
}

/**
 * Reveals the wallet's recovery phrase only on request, warns before and while it shows, and
 * hides it again (docs/contributing.md §2.6; docs/protocol.md §8). `data-state` is `hidden` · `revealing` ·
 * `revealed` · `failed`.
 */
export const ExportWalletRoot = forwardRef<HTMLElement, ExportWalletRootProps>(
  function ExportWalletRoot(
    {
      accountId,
      confirm,
      hideWhenPageHidden,
      client: clientProp,
      messages: messagesProp,
      children,
      ...props
    },
    ref,
  ) {
    const messages = useMessages(messagesProp);
    const client = useWalletAuthClient(clientProp, 'ExportWallet');
    const exporter = useExportWallet({
      client,
      ...(accountId ? { accountId } : {}),
      ...(confirm === undefined ? {} : { confirm }),
      ...(hideWhenPageHidden === undefined ? {} : { hideWhenPageHidden }),
    });
    const titleId = useId();
    const phraseId = useId();
    const warningId = useId();
    return (
      <ExportContext.Provider value={{ exporter, client, messages, phraseId, warningId }}>
        <section
          aria-labelledby={titleId}
          data-export-wallet=""
          data-state={exporter.state.status}
          {...props}
          ref={ref}
        >
          {children ?? (
            <>
              <h2 id={titleId}>{messages.exportWallet.title}</h2>
              <ExportWalletWarning />
              <ExportWalletPhrase />
              <ExportWalletRevealButton />
              <ExportWalletHideButton />
              <ExportWalletStatus />
              <SignedActionConfirmRoot confirmation={exporter.confirmation} messages={messages} />
            </>
          )}
        </section>
      </ExportContext.Provider>
    );
  },
);

/** The warning about the phrase; always shown (the reveal button points to it). */
export const ExportWalletWarning = forwardRef<
  HTMLParagraphElement,
  Omit<ComponentPropsWithoutRef<'p'>, 'children'>
>(function ExportWalletWarning(props, ref) {
  const { messages, warningId } = useExportContext('Warning');
  return (
    <p data-export-warning="" {...props} id={warningId} ref={ref}>
      {messages.exportWallet.warning}
    </p>
  );
});

/**
 * The phrase as a numbered list of words, present in the page only while revealed (otherwise an
 * empty container the buttons can point to). Never put it in a URL, a log or storage.
 */
export const ExportWalletPhrase = forwardRef<
  HTMLDivElement,
  Omit<ComponentPropsWithoutRef<'div'>, 'children'>
>(function ExportWalletPhrase(props, ref) {
  const { exporter, messages, phraseId } = useExportContext('Phrase');
  const { state } = exporter;
  return (
    <div data-export-phrase="" {...props} id={phraseId} ref={ref}>
      {state.status === 'revealed' ? (
        <ol aria-label={messages.exportWallet.phraseLabel}>
          {state.phrase.split(' ').map((word, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: words are positional and may repeat
            <li key={index}>{word}</li>
          ))}
        </ol>
      ) : null}
    </div>
  );
});

/** Props of the export buttons. */
export interface ExportWalletButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** Render the single child element instead of a `button`, with this part's props and behaviour. @defaultValue false */
  asChild?: boolean;
}

/** Starts an export and shows the phrase; shown while it is hidden. */
export const ExportWalletRevealButton = forwardRef<HTMLButtonElement, ExportWalletButtonProps>(
  function ExportWalletRevealButton(
    { asChild = false, children, disabled, onClick, ...props },
    ref,
  ) {
    const { exporter, messages, phraseId, warningId } = useExportContext('RevealButton');
    const { status } = exporter.state;
    if (status === 'revealed') {
      return null;
    }
    const busy = status === 'revealing';
    const Component = asChild ? Slot : 'button';
    return (
      <Component
        type="button"
        data-reveal=""
        aria-controls={phraseId}
        aria-expanded={false}
        aria-describedby={warningId}
        aria-busy={busy || undefined}
        disabled={disabled || busy}
        {...props}
        ref={ref as Ref<HTMLButtonElement & HTMLElement>}
        onClick={composeEventHandlers(onClick, exporter.reveal)}
      >
        {children ?? (busy ? messages.exportWallet.revealing : messages.exportWallet.reveal)}
      </Component>
    );
  },
);

/** Forgets and hides the phrase; shown while it is revealed. */
export const ExportWalletHideButton = forwardRef<HTMLButtonElement, ExportWalletButtonProps>(
  function ExportWalletHideButton({ asChild = false, children, onClick, ...props }, ref) {
    const { exporter, messages, phraseId } = useExportContext('HideButton');
    if (exporter.state.status !== 'revealed') {
      return null;
    }
    const Component = asChild ? Slot : 'button';
    return (
      <Component
        type="button"
        data-hide=""
        aria-controls={phraseId}
        aria-expanded
        {...props}
        ref={ref as Ref<HTMLButtonElement & HTMLElement>}
        onClick={composeEventHandlers(onClick, exporter.hide)}
      >
        {children ?? messages.exportWallet.hide}
      </Component>
    );
  },
);

/** Progress (PROCESSING, rate limits) and errors of the export, in words. */
export const ExportWalletStatus = forwardRef<
  HTMLDivElement,
  Omit<ComponentPropsWithoutRef<'div'>, 'children'>
>(function ExportWalletStatus(props, ref) {
  const { exporter, client, messages } = useExportContext('Status');
  const { state } = exporter;
  const progress = state.status === 'revealing' ? state.progress : undefined;
  return (
    <div data-export-status="" {...props} ref={ref}>
      <p role="status">
        {state.status === 'revealing' && progress?.kind !== 'rateLimited'
          ? progressText(progress, messages.exportWallet.revealing, messages)
          : ''}
      </p>
      {progress?.kind === 'rateLimited' ? (
        <CountdownNotice until={progress.retryAt} clock={client.clock} messages={messages} />
      ) : null}
      {state.status === 'failed' ? (
        <ErrorNotice error={state.error} messages={messages} onAction={exporter.reveal} />
      ) : null}
    </div>
  );
});

/** Compound parts: `Root`, `Warning`, `Phrase`, `RevealButton`, `HideButton`, `Status`. */
export const ExportWallet = {
  Root: ExportWalletRoot,
  Warning: ExportWalletWarning,
  Phrase: ExportWalletPhrase,
  RevealButton: ExportWalletRevealButton,
  HideButton: ExportWalletHideButton,
  Status: ExportWalletStatus,
};
