import { createContext, useContext } from 'react';
import type { WalletAuthMessages, WalletAuthSignInMessages } from './en.js';
import { enSignIn } from './en-sign-in.js';

/**
 * The catalogue of the nearest `WalletAuthLocaleProvider`, or `undefined` without one. Each part
 * then falls back to the English texts it reads itself, so a page loads no more English than it
 * shows (the sign-in parts never load the account parts' texts).
 */
export const MessagesContext = createContext<WalletAuthMessages | undefined>(undefined);

/**
 * The texts of a sign-in part: `override` when given, else the nearest
 * `WalletAuthLocaleProvider`'s catalogue, else the English sign-in texts (`en-sign-in.ts`).
 * Internal: the public `useMessages` returns the whole catalogue.
 *
 * @param override - A catalogue passed to the part as a prop.
 */
export function useSignInMessages(override?: WalletAuthSignInMessages): WalletAuthSignInMessages {
  const fromContext = useContext(MessagesContext);
  return override ?? fromContext ?? enSignIn;
}
