import { createContext, type ReactNode, useContext } from 'react';
import { type DemoMessages, en } from './en.js';

const DemoMessagesContext = createContext<DemoMessages>(en);

/** Gives the screens below it the demo's words in the chosen language. */
export function DemoMessagesProvider({
  messages,
  children,
}: {
  messages: DemoMessages;
  children: ReactNode;
}) {
  return <DemoMessagesContext.Provider value={messages}>{children}</DemoMessagesContext.Provider>;
}

/** The demo's words in the chosen language (English outside a provider). */
export function useDemoMessages(): DemoMessages {
  return useContext(DemoMessagesContext);
}
