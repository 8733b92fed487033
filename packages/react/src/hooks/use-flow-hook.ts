import type { WalletAuthClient } from '@wallet-auth/core';
import { useWalletAuthClient } from '../provider/use-wallet-auth-client.js';
import { type BindableFlow, useFlow, useFlowListener } from './use-flow.js';

/**
 * The shared body of the flow hooks: resolve the client, create the flow once, bind it, and
 * report each new state to `onState` (where a hook calls `onSuccess`/`onError`) as the flow
 * moves, so a success is reported even when it unmounts the component.
 *
 * @param hookName - Named in the missing-provider message.
 * @param client - An explicit client, or `undefined` for the provider's.
 * @param create - Makes the flow from the resolved client.
 * @param onState - Called with each new state.
 */
export function useFlowHook<S, F extends BindableFlow<S>>(
  hookName: string,
  client: WalletAuthClient | undefined,
  create: (client: WalletAuthClient) => F,
  onState: (state: S) => void,
): { flow: F; state: S; client: WalletAuthClient } {
  const resolved = useWalletAuthClient(client, hookName);
  const { flow, state } = useFlow<S, F>(() => create(resolved));
  useFlowListener(flow, onState);
  return { flow, state, client: resolved };
}
