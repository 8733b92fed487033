import { type ReactNode, useContext } from 'react';
import { en, type WalletAuthMessages } from './en.js';
import { MessagesContext } from './messages-context.js';

/** Props of `WalletAuthLocaleProvider`. */
export interface WalletAuthLocaleProviderProps {
  /**
   * The catalogue to use: `en`, `fr`, or your own object of the same shape. Its `locale` is the
   * BCP 47 tag every `Intl` format uses. @defaultValue en
   */
  messages: WalletAuthMessages;
  children?: ReactNode;
}

/**
 * Chooses the language of every kit component below it. Optional: without it the components
 * speak English. Kept apart from `WalletAuthProvider`, which holds only the client.
 *
 * @example
 * <WalletAuthLocaleProvider messages={fr}><SignIn accountId={id} /></WalletAuthLocaleProvider>
 */
export function WalletAuthLocaleProvider({ messages, children }: WalletAuthLocaleProviderProps) {
  return <MessagesContext.Provider value={messages}>{children}</MessagesContext.Provider>;
}

/**
 * Returns the active message catalogue: `override` when given, else the nearest
 * `WalletAuthLocaleProvider`'s, else English.
 *
 * @param override - A catalogue passed to a component as a prop.
 */
export function useMessages(override?: WalletAuthMessages): WalletAuthMessages {
  const fromContext = useContext(MessagesContext);
  return override ?? fromContext ?? en;
}
