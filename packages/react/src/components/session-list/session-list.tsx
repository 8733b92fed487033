import {
  type QueryClient,
  type UseMutationResult,
  type UseQueryResult,
  useMutation,
} from '@tanstack/react-query';
import type { AuthSession, WalletAuthClient, WalletAuthError } from '@wallet-auth/core';
import {
  type ButtonHTMLAttributes,
  type ComponentPropsWithoutRef,
  createContext,
  forwardRef,
  type ReactNode,
  type Ref,
  useContext,
} from 'react';
import { walletAuthQueryKeys } from '../../hooks/query-keys.js';
import { useSession } from '../../hooks/use-session.js';
import { useRevokeSession } from '../../hooks/use-session-mutations.js';
import { useSessions } from '../../hooks/use-sessions.js';
import type { WalletAuthMessages } from '../../i18n/en.js';
import { formatDateTime } from '../../i18n/format.js';
import { useMessages } from '../../i18n/locale-provider.js';
import { composeEventHandlers } from '../../primitives/compose-event-handlers.js';
import { Slot } from '../../primitives/slot.js';
import { useKitQueryClient } from '../../provider/use-kit-query-client.js';
import { useWalletAuthClient } from '../../provider/use-wallet-auth-client.js';
import { methodName } from '../credential-manager/method-name.js';
import { ErrorNotice } from '../notice/error-notice.js';
import { deviceLabel } from './describe-device.js';

interface SessionListContextValue {
  query: UseQueryResult<AuthSession[], WalletAuthError>;
  currentSessionId: string | undefined;
  /** Sessions this browser held before the current one (`sessions.knownSessionIds()`). */
  earlierSessionIds: readonly string[];
  revoke: UseMutationResult<void, WalletAuthError, string>;
  revokeOthers: UseMutationResult<void, WalletAuthError, void>;
  messages: WalletAuthMessages;
}

const SessionListContext = createContext<SessionListContextValue | null>(null);
const SessionItemContext = createContext<AuthSession | null>(null);

function useSessionList(part: string): SessionListContextValue {
  const context = useContext(SessionListContext);
  if (context === null) {
    throw new Error(`<SessionList.${part}> must be used within <SessionList.Root>.`);
  }
  return context;
}

/** Props of `SessionList.Root`. */
export interface SessionListRootProps extends ComponentPropsWithoutRef<'div'> {
  /** The wallet account. @defaultValue the account of this device's session */
  accountId?: string;
  /** Use this client instead of the nearest `WalletAuthProvider`'s. */
  client?: WalletAuthClient;
  /** Use this TanStack Query client instead of the nearest `QueryClientProvider`'s. */
  queryClient?: QueryClient;
  /** The texts (e.g. `fr`). @defaultValue the nearest `WalletAuthLocaleProvider`'s, else English */
  messages?: WalletAuthMessages;
  /** @defaultValue the list, "sign out all other sessions" and the status line */
  children?: ReactNode;
}

/**
 * The account's active sessions, this device first, named by its browser and system and marked
 * "This device", the others with how they signed in and when they were last active; one sign-out
 * control per session and
 * "sign out all other sessions" (`DELETE /auth/sessions/{id}`, signed by this device's session;
 * an already-ended session counts as done, docs/protocol.md §12). Signing out this device's own row
 * signs this device out. `data-state` is `loading` · `ready` · `error`.
 */
export const SessionListRoot = forwardRef<HTMLDivElement, SessionListRootProps>(
  function SessionListRoot(
    {
      accountId,
      client: clientProp,
      queryClient: queryClientProp,
      messages: messagesProp,
      children,
      ...props
    },
    ref,
  ) {
    const messages = useMessages(messagesProp);
    const client = useWalletAuthClient(clientProp, 'SessionList');
    const queryClient = useKitQueryClient(queryClientProp, 'SessionList');
    const query = useSessions({ client, queryClient, ...(accountId ? { accountId } : {}) });
    const currentSessionId = useSession(
      (state) => (state.status === 'active' ? state.session.id : undefined),
      { client },
    );
    const revoke = useRevokeSession({ client, queryClient });
    const revokeOthers = useMutation<void, WalletAuthError, void>(
      {
        mutationFn: async () => {
          for (const session of query.data ?? []) {
            if (session.id !== currentSessionId) {
              // One at a time: each is its own signed retry (docs/protocol.md §11.1).
              await client.sessions.revokeSession(session.id);
            }
          }
        },
        onSettled: () =>
          queryClient.invalidateQueries({ queryKey: walletAuthQueryKeys.sessionLists(client) }),
      },
      queryClient,
    );
    return (
      <SessionListContext.Provider
        value={{
          query,
          currentSessionId,
          // Read when the current session changes, which re-renders the list.
          earlierSessionIds: client.sessions
            .knownSessionIds()
            .filter((id) => id !== currentSessionId),
          revoke,
          revokeOthers,
          messages,
        }}
      >
        <div
          data-session-list=""
          data-state={query.isError ? 'error' : query.isPending ? 'loading' : 'ready'}
          aria-busy={query.isFetching || undefined}
          {...props}
          ref={ref}
        >
          {children ?? (
            <>
              <SessionListList />
              <SessionListRevokeOthersButton />
              <SessionListStatus />
            </>
          )}
        </div>
      </SessionListContext.Provider>
    );
  },
);

/** Props of `SessionList.List`. */
export interface SessionListListProps extends Omit<ComponentPropsWithoutRef<'ul'>, 'children'> {
  /** Renders one session; @defaultValue `<SessionList.Item session={session} />` */
  children?: (session: AuthSession) => ReactNode;
}

/** The sessions as a `ul`, this device's first. */
export const SessionListList = forwardRef<HTMLUListElement, SessionListListProps>(
  function SessionListList({ children, ...props }, ref) {
    const { query, currentSessionId, messages } = useSessionList('List');
    const sessions = [...(query.data ?? [])].sort(
      (a, b) => Number(b.id === currentSessionId) - Number(a.id === currentSessionId),
    );
    return (
      <ul data-session-items="" aria-label={messages.sessions.title} {...props} ref={ref}>
        {sessions.map((session) =>
          children ? children(session) : <SessionListItem key={session.id} session={session} />,
        )}
      </ul>
    );
  },
);

/** Props of `SessionList.Item`. */
export interface SessionListItemProps extends ComponentPropsWithoutRef<'li'> {
  /** The session this item shows and offers to revoke. */
  session: AuthSession;
  /** @defaultValue how it signed in, when, "This device" and its sign-out button */
  children?: ReactNode;
}

/** How an item names its session, and what its sign-out button says. */
function describeSession(
  session: AuthSession,
  currentSessionId: string | undefined,
  earlierSessionIds: readonly string[],
  messages: WalletAuthMessages,
) {
  const current = session.id === currentSessionId;
  const method = methodName(session.type, session.nickname, messages);
  // The service refreshes a session by issuing a new one: the latest issue is its last activity.
  const lastActive = formatDateTime(
    Math.max(Date.parse(session.createdAt) || 0, Date.parse(session.updatedAt) || 0),
    messages.locale,
  );
  return {
    current,
    method,
    // The service's records name no device: this device is named by its browser and system; a
    // session this browser held earlier (an older one not yet expired) is recognised by its id.
    title: current
      ? deviceLabel(messages)
      : earlierSessionIds.includes(session.id)
        ? messages.sessions.earlierSession
        : messages.sessions.otherDevice,
    activity: current ? messages.sessions.activeNow : messages.sessions.lastActive(lastActive),
    signOut: current
      ? messages.sessions.signOutThisDevice
      : messages.sessions.revoke(`${method}, ${lastActive}`),
  };
}

/**
 * One session as an `li`: this device by its browser and system ("Chrome on macOS", marked
 * "This device"), others as another device or an earlier session of this browser; how each
 * signed in ("Signed in with Email code · ada@example.com") and when it was last active.
 * `data-current` marks this device's, `data-type` its credential type.
 */
export const SessionListItem = forwardRef<HTMLLIElement, SessionListItemProps>(
  function SessionListItem({ session, children, ...props }, ref) {
    const { currentSessionId, earlierSessionIds, messages } = useSessionList('Item');
    const described = describeSession(session, currentSessionId, earlierSessionIds, messages);
    return (
      <SessionItemContext.Provider value={session}>
        <li
          data-session-item=""
          data-type={session.type}
          data-current={described.current ? '' : undefined}
          {...props}
          ref={ref}
        >
          {children ?? (
            <>
              <span data-session-name="">{described.title}</span>
              {described.current ? (
                <strong data-session-current="">{messages.common.thisDevice}</strong>
              ) : null}
              <span data-session-method="">{messages.sessions.signedInWith(described.method)}</span>
              <span data-session-date="">{described.activity}</span>
              <SessionListRevokeButton />
            </>
          )}
        </li>
      </SessionItemContext.Provider>
    );
  },
);

/** Props of the session list's buttons. */
export interface SessionListButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** Render the single child element instead of a `button`, with this part's props and behaviour. @defaultValue false */
  asChild?: boolean;
}

/** Signs out the item's session (this device's row signs this device out). */
export const SessionListRevokeButton = forwardRef<HTMLButtonElement, SessionListButtonProps>(
  function SessionListRevokeButton(
    { asChild = false, children, disabled, onClick, ...props },
    ref,
  ) {
    const { revoke, currentSessionId, earlierSessionIds, messages } =
      useSessionList('RevokeButton');
    const session = useContext(SessionItemContext);
    if (session === null) {
      throw new Error('<SessionList.RevokeButton> must be used within <SessionList.Item>.');
    }
    const busy = revoke.isPending && revoke.variables === session.id;
    const { signOut } = describeSession(session, currentSessionId, earlierSessionIds, messages);
    const Component = asChild ? Slot : 'button';
    return (
      <Component
        type="button"
        data-revoke-session=""
        aria-busy={busy || undefined}
        disabled={disabled || revoke.isPending}
        {...props}
        ref={ref as Ref<HTMLButtonElement & HTMLElement>}
        onClick={composeEventHandlers(onClick, () => revoke.mutate(session.id))}
      >
        {children ?? (busy ? messages.sessions.revoking : signOut)}
      </Component>
    );
  },
);

/** Signs out every session but this device's; disabled when there is none. */
export const SessionListRevokeOthersButton = forwardRef<HTMLButtonElement, SessionListButtonProps>(
  function SessionListRevokeOthersButton(
    { asChild = false, children, disabled, onClick, ...props },
    ref,
  ) {
    const { query, currentSessionId, revokeOthers, messages } =
      useSessionList('RevokeOthersButton');
    const others = (query.data ?? []).filter((session) => session.id !== currentSessionId).length;
    const Component = asChild ? Slot : 'button';
    return (
      <Component
        type="button"
        data-revoke-others=""
        aria-busy={revokeOthers.isPending || undefined}
        disabled={disabled || others === 0 || revokeOthers.isPending}
        {...props}
        ref={ref as Ref<HTMLButtonElement & HTMLElement>}
        onClick={composeEventHandlers(onClick, () => revokeOthers.mutate())}
      >
        {children ??
          (revokeOthers.isPending ? messages.sessions.revoking : messages.sessions.revokeOthers)}
      </Component>
    );
  },
);

/** Loading, success and errors of the list and its sign-outs, in words. */
export const SessionListStatus = forwardRef<
  HTMLDivElement,
  Omit<ComponentPropsWithoutRef<'div'>, 'children'>
>(function SessionListStatus(props, ref) {
  const { query, revoke, revokeOthers, messages } = useSessionList('Status');
  const error = query.error ?? revoke.error ?? revokeOthers.error;
  const text = query.isPending
    ? messages.common.loading
    : revokeOthers.isSuccess
      ? messages.sessions.revokedOthers
      : query.data?.length === 0
        ? messages.sessions.empty
        : '';
  return (
    <div data-session-status="" {...props} ref={ref}>
      <p role="status">{text}</p>
      {error ? (
        <ErrorNotice
          error={error}
          messages={messages}
          onAction={() => {
            revoke.reset();
            revokeOthers.reset();
            void query.refetch();
          }}
        />
      ) : null}
    </div>
  );
});

/** Compound parts: `Root`, `List`, `Item`, `RevokeButton`, `RevokeOthersButton`, `Status`. */
export const SessionList = {
  Root: SessionListRoot,
  List: SessionListList,
  Item: SessionListItem,
  RevokeButton: SessionListRevokeButton,
  RevokeOthersButton: SessionListRevokeOthersButton,
  Status: SessionListStatus,
};
