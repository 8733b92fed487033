import {
  exportWallet,
  type SignedActionProgress,
  type WalletAuthClient,
  WalletAuthError,
} from '@wallet-auth/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSession } from '../../hooks/use-session.js';
import { useWalletAuthClient } from '../../provider/use-wallet-auth-client.js';
import {
  type PendingConfirmation,
  useStampConfirmation,
} from '../../signed-action/use-stamp-confirmation.js';

/** The export's state; the phrase exists only in `revealed`. */
export type ExportWalletState =
  | { status: 'hidden' }
  | { status: 'revealing'; progress: SignedActionProgress | undefined }
  | { status: 'revealed'; phrase: string }
  | { status: 'failed'; error: WalletAuthError };

/** Options of `useExportWallet`. */
export interface UseExportWalletOptions {
  /** The wallet. @defaultValue the account of this device's session */
  accountId?: string;
  /** Ask before the session stamps the export. @defaultValue true */
  confirm?: boolean;
  /** Hide the phrase when the page is hidden (tab switch, screen lock). @defaultValue true */
  hideWhenPageHidden?: boolean;
  client?: WalletAuthClient;
}

/** What `useExportWallet` returns. */
export interface UseExportWalletResult {
  state: ExportWalletState;
  confirmation: PendingConfirmation | undefined;
  /** Runs a new export (docs/protocol.md §8) and shows the phrase. */
  reveal(): void;
  /** Forgets the phrase and hides it. */
  hide(): void;
}

/**
 * Reveals the wallet's recovery phrase on request only: each reveal is a fresh export signed by
 * this device's session, the phrase is kept in component state alone (never in the query cache)
 * and is dropped on `hide()`, on unmount and, by default, when the page is hidden.
 *
 * @param options - Account, confirmation, auto-hide and client.
 */
export function useExportWallet(options: UseExportWalletOptions = {}): UseExportWalletResult {
  const client = useWalletAuthClient(options.client, 'useExportWallet');
  const stamps = useStampConfirmation(client, options.confirm !== false);
  const sessionAccountId = useSession(
    (state) => ('session' in state ? state.session.accountId : undefined),
    { client },
  );
  const accountId = options.accountId ?? sessionAccountId;
  const [state, setState] = useState<ExportWalletState>({ status: 'hidden' });
  const controller = useRef<AbortController | undefined>(undefined);

  const hide = useCallback(() => {
    controller.current?.abort();
    setState({ status: 'hidden' });
  }, []);

  useEffect(() => () => controller.current?.abort(), []);

  useEffect(() => {
    if (options.hideWhenPageHidden === false || state.status !== 'revealed') {
      return undefined;
    }
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') {
        hide();
      }
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, [hide, options.hideWhenPageHidden, state.status]);

  const reveal = () => {
    if (accountId === undefined) {
      // No session on this device, so no wallet to export: say so without a request.
      setState({
        status: 'failed',
        error: new WalletAuthError('SESSION_KEY_MISSING', 'Sign in to export the wallet.'),
      });
      return;
    }
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    current.signal.addEventListener('abort', stamps.rejectPending, { once: true });
    setState({ status: 'revealing', progress: undefined });
    const update = (next: ExportWalletState) => {
      if (!current.signal.aborted) {
        setState(next);
      }
    };
    exportWallet(stamps.client, accountId, {
      signal: current.signal,
      onProgress: (progress) => update({ status: 'revealing', progress }),
    }).then(
      (phrase) => update({ status: 'revealed', phrase }),
      (error: WalletAuthError) =>
        update(error.code === 'ABORTED' ? { status: 'hidden' } : { status: 'failed', error }),
    );
  };

  return { state, confirmation: stamps.confirmation, reveal, hide };
}
