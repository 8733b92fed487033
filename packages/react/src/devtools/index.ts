'use client';

/**
 * @wallet-auth/react/devtools — the kit's developer panel, an entry of its own so an app that
 * does not render it never downloads it. Styles: `@wallet-auth/react/devtools.css`.
 */

export type {
  DevtoolsExchange,
  DevtoolsSnapshot,
  WalletAuthDevtoolsOptions,
  WalletAuthDevtoolsStore,
} from './devtools-store.js';
export { createWalletAuthDevtools, REDACTED, redactPath } from './devtools-store.js';
export type { SignedRetryStage, SignedRetryTimeline } from './signed-retries.js';
export { groupSignedRetries } from './signed-retries.js';
export type { WalletAuthDevtoolsProps } from './wallet-auth-devtools.js';
export { WalletAuthDevtools } from './wallet-auth-devtools.js';
