import type { QueryClient, UseQueryResult } from '@tanstack/react-query';
import type { InternalAccount, WalletAuthClient, WalletAuthError } from '@wallet-auth/core';
import {
  type ComponentPropsWithoutRef,
  createContext,
  forwardRef,
  type ReactNode,
  type Ref,
  useContext,
  useId,
} from 'react';
import { useInternalAccounts } from '../../hooks/use-internal-accounts.js';
import { useSession } from '../../hooks/use-session.js';
import type { WalletAuthMessages } from '../../i18n/en.js';
import { formatAmount } from '../../i18n/format.js';
import { useMessages } from '../../i18n/locale-provider.js';
import { Slot } from '../../primitives/slot.js';
import { useWalletAuthClient } from '../../provider/use-wallet-auth-client.js';
import { ErrorNotice } from '../notice/error-notice.js';

interface WalletCardContextValue {
  account: InternalAccount | undefined;
  query: UseQueryResult<InternalAccount[], WalletAuthError>;
  messages: WalletAuthMessages;
  titleId: string;
}

const WalletCardContext = createContext<WalletCardContextValue | null>(null);

function useWalletCard(part: string): WalletCardContextValue {
  const context = useContext(WalletCardContext);
  if (context === null) {
    throw new Error(`<WalletCard.${part}> must be used within <WalletCard.Root>.`);
  }
  return context;
}

/** Props of `WalletCard.Root`. */
export interface WalletCardRootProps extends ComponentPropsWithoutRef<'section'> {
  /** The wallet's customer (`Customer:<uuid>`); behind the reference proxy it may be left out. */
  customerId?: string;
  /** The wallet to show. @defaultValue the session's account, else the first embedded wallet */
  accountId?: string;
  /** Poll while the wallet is being set up (PENDING), in ms. @defaultValue 2000 */
  pollWhilePendingMs?: number;
  /** Use this client instead of the nearest `WalletAuthProvider`'s. */
  client?: WalletAuthClient;
  /** Use this TanStack Query client instead of the nearest `QueryClientProvider`'s. */
  queryClient?: QueryClient;
  /** The texts (e.g. `fr`). @defaultValue the nearest `WalletAuthLocaleProvider`'s, else English */
  messages?: WalletAuthMessages;
  /** @defaultValue title, balance, total and status */
  children?: ReactNode;
}

/**
 * The embedded wallet's balances, read from the internal accounts (`GET
 * /customers/internal-accounts?type=EMBEDDED_WALLET`) and formatted with `Intl` in the active
 * language. A `section` labelled by its title; `data-state` is `loading` · `ready` · `empty` ·
 * `error`; `data-status` carries the account status (`PENDING`, `ACTIVE`, …).
 */
export const WalletCardRoot = forwardRef<HTMLElement, WalletCardRootProps>(function WalletCardRoot(
  {
    customerId,
    accountId,
    pollWhilePendingMs = 2000,
    client: clientProp,
    queryClient,
    messages: messagesProp,
    children,
    ...props
  },
  ref,
) {
  const messages = useMessages(messagesProp);
  const client = useWalletAuthClient(clientProp, 'WalletCard');
  const titleId = useId();
  const sessionAccountId = useSession(
    (state) => ('session' in state ? state.session.accountId : undefined),
    { client },
  );
  const query = useInternalAccounts(
    { type: 'EMBEDDED_WALLET', ...(customerId ? { customerId } : {}) },
    { client, pollWhilePendingMs, ...(queryClient ? { queryClient } : {}) },
  );
  const wanted = accountId ?? sessionAccountId;
  const wallets = query.data ?? [];
  const account =
    wallets.find((candidate) => candidate.id === wanted) ?? (wanted ? undefined : wallets[0]);
  const state = query.isError
    ? 'error'
    : query.isPending
      ? 'loading'
      : account === undefined
        ? 'empty'
        : 'ready';
  return (
    <WalletCardContext.Provider value={{ account, query, messages, titleId }}>
      <section
        aria-labelledby={titleId}
        aria-busy={query.isFetching || undefined}
        data-wallet-card=""
        data-state={state}
        data-status={account?.status}
        {...props}
        ref={ref}
      >
        {children ?? (
          <>
            <WalletCardTitle />
            <WalletCardBalance />
            <WalletCardStatus />
          </>
        )}
      </section>
    </WalletCardContext.Provider>
  );
});

/** The card's heading (an `h2`; `asChild` for another level); the account label when it has one. */
export const WalletCardTitle = forwardRef<
  HTMLHeadingElement,
  ComponentPropsWithoutRef<'h2'> & { asChild?: boolean }
>(function WalletCardTitle({ asChild = false, children, ...props }, ref) {
  const { account, messages, titleId } = useWalletCard('Title');
  const Component = asChild ? Slot : 'h2';
  return (
    <Component id={titleId} {...props} ref={ref as Ref<HTMLHeadingElement & HTMLElement>}>
      {children ?? account?.label ?? messages.wallet.title}
    </Component>
  );
});

/**
 * The available balance, and the total when pending funds make it differ, as a `dl`. Amounts
 * are integers in the currency's smallest unit, formatted exactly with `Intl.NumberFormat`.
 */
export const WalletCardBalance = forwardRef<
  HTMLDListElement,
  Omit<ComponentPropsWithoutRef<'dl'>, 'children'>
>(function WalletCardBalance(props, ref) {
  const { account, messages } = useWalletCard('Balance');
  if (account === undefined) {
    return null;
  }
  const { balance, totalBalance } = account;
  const differs =
    totalBalance.amount !== balance.amount || totalBalance.currency.code !== balance.currency.code;
  return (
    <dl data-wallet-balance="" {...props} ref={ref}>
      <div>
        <dt>{messages.wallet.balance}</dt>
        <dd data-amount="">{formatAmount(balance, messages.locale)}</dd>
      </div>
      {differs ? (
        <div>
          <dt>{messages.wallet.total}</dt>
          <dd data-amount="">{formatAmount(totalBalance, messages.locale)}</dd>
        </div>
      ) : null}
    </dl>
  );
});

/** The account status in words, or loading, empty and error states. */
export const WalletCardStatus = forwardRef<
  HTMLDivElement,
  Omit<ComponentPropsWithoutRef<'div'>, 'children'>
>(function WalletCardStatus(props, ref) {
  const { account, query, messages } = useWalletCard('Status');
  const text = query.isPending
    ? messages.common.loading
    : account === undefined
      ? query.isError
        ? ''
        : messages.wallet.noWallet
      : messages.wallet.status[account.status];
  return (
    <div data-wallet-status="" {...props} ref={ref}>
      <p role="status">{text}</p>
      {query.isError ? (
        <ErrorNotice
          error={query.error}
          messages={messages}
          onAction={() => void query.refetch()}
        />
      ) : null}
    </div>
  );
});

/** Compound parts: `Root`, `Title`, `Balance`, `Status`. */
export const WalletCard = {
  Root: WalletCardRoot,
  Title: WalletCardTitle,
  Balance: WalletCardBalance,
  Status: WalletCardStatus,
};
