import { type QueryClient, type UseMutationResult, useMutation } from '@tanstack/react-query';
import type { SignedActionProgress, WalletAuthClient, WalletAuthError } from '@wallet-auth/core';
import { useEffect, useRef, useState } from 'react';
import { walletAuthQueryKeys } from '../hooks/query-keys.js';
import { useKitQueryClient } from '../provider/use-kit-query-client.js';
import { useWalletAuthClient } from '../provider/use-wallet-auth-client.js';
import {
  INTENT_KEPT_MS,
  type IntentMark,
  intentMutationKey,
  type KeptIntent,
  markIntent,
  useKeptIntent,
} from './use-kept-intent.js';
import { type PendingConfirmation, useStampConfirmation } from './use-stamp-confirmation.js';

/** What a signed action receives besides its variables. */
export interface SignedActionContext {
  /** The kit's client; its session stamper asks for approval unless `confirm: false`. */
  client: WalletAuthClient;
  /** Aborted when the component unmounts or `cancel()` is called (catalogue UI-05). */
  signal: AbortSignal;
  /** Pass to the core action to follow PROCESSING and rate limits. */
  onProgress: (progress: SignedActionProgress) => void;
}

/** Options of `useSignedAction`. */
export interface UseSignedActionOptions<TVariables, TResult> {
  /** Runs the action with the core (e.g. `exportWallet(context.client, …)`). */
  action: (variables: TVariables, context: SignedActionContext) => Promise<TResult>;
  /** Ask the person before the session key stamps. @defaultValue true */
  confirm?: boolean;
  /** Refresh the kit's queries after success. @defaultValue true */
  invalidate?: boolean;
  client?: WalletAuthClient;
  queryClient?: QueryClient;
  onSuccess?: (result: TResult) => void;
  onError?: (error: WalletAuthError) => void;
  /**
   * Keep the variables of a run that fails because this device's session ended (expired,
   * revoked, the key cleared, or the screen replaced by the sign-in when it ended) under this
   * key, for 30 minutes, so the action can be repeated once signed in again (`pendingIntent`),
   * even from a component mounted anew (catalogue SES-23). @defaultValue nothing is kept
   */
  intentKey?: string;
}

/**
 * A signed action's progress as the React kit reports it: the core's `SignedActionProgress`,
 * where `signing` is reported only once the person approved (or no approval is asked), and
 * `awaitingApproval` while the confirmation waits for them.
 */
export type SignedActionPhase = SignedActionProgress | { kind: 'awaitingApproval' };

/** The mutation plus the signed action's progress and pending confirmation. */
export type UseSignedActionResult<TVariables, TResult> = UseMutationResult<
  TResult,
  WalletAuthError,
  TVariables
> & {
  /** The signed-retry exchange's progress while pending (docs/protocol.md §11.4–§11.5). */
  progress: SignedActionPhase | undefined;
  /** Set while the action waits for approval. */
  confirmation: PendingConfirmation | undefined;
  /** Aborts the running action (a pending approval is refused). */
  cancel(): void;
  /**
   * With `intentKey`: the last run, when it failed because the session ended, offered once a
   * session is active again.
   */
  pendingIntent: KeptIntent<TVariables> | undefined;
  /** Runs the pending intent again (asking for approval as usual) and forgets it. */
  repeatIntent(): void;
  /** Forgets the pending intent. */
  discardIntent(): void;
};

/**
 * Runs an action signed by this device's session as a TanStack mutation: the session is checked
 * before any request, the person approves the exact payload before it is stamped (unless
 * `confirm: false`), progress (`sending`, `awaitingApproval`, `signing` once approved,
 * `processing`, `rateLimited`) is exposed, and unmounting aborts the exchange (catalogue UI-05).
 *
 * @param options - The action, confirmation, invalidation, client and callbacks.
 * @example
 * const privacy = useSignedAction({
 *   action: (enabled: boolean, { client, signal, onProgress }) =>
 *     updateWalletPrivacy(client, accountId, enabled, { signal, onProgress }),
 * });
 * <SignedActionConfirm confirmation={privacy.confirmation} />
 */
export function useSignedAction<TVariables, TResult>(
  options: UseSignedActionOptions<TVariables, TResult>,
): UseSignedActionResult<TVariables, TResult> {
  const baseClient = useWalletAuthClient(options.client, 'useSignedAction');
  const queryClient = useKitQueryClient(options.queryClient, 'useSignedAction');
  const confirming = options.confirm !== false;
  const [progress, setProgress] = useState<SignedActionPhase | undefined>(undefined);
  const controller = useRef<AbortController | undefined>(undefined);
  const mounted = useRef(true);
  /** The person approved the stamp of the current signing step. */
  const approved = useRef(false);
  const stamps = useStampConfirmation(baseClient, confirming, {
    onApprove: () => {
      approved.current = true;
      if (mounted.current && controller.current?.signal.aborted === false) {
        setProgress({ kind: 'signing' });
      }
    },
  });

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      controller.current?.abort();
    };
  }, []);

  const kept = useKeptIntent<TVariables>(baseClient, queryClient, options.intentKey);
  const mutation = useMutation<TResult, WalletAuthError, TVariables, IntentMark>(
    {
      ...(options.intentKey === undefined
        ? {}
        : {
            mutationKey: intentMutationKey(baseClient, options.intentKey),
            gcTime: INTENT_KEPT_MS,
          }),
      onMutate: () => ({ sessionEnded: false }),
      mutationFn: async (variables) => {
        controller.current?.abort();
        const current = new AbortController();
        controller.current = current;
        approved.current = false;
        current.signal.addEventListener('abort', stamps.rejectPending, { once: true });
        try {
          return await options.action(variables, {
            client: stamps.client,
            signal: current.signal,
            onProgress: (next) => {
              if (!mounted.current || current.signal.aborted) {
                return;
              }
              // "Signing" only after Approve (issue 21, defect 1); each new signing step (a
              // restarted exchange) asks again.
              if (next.kind !== 'signing') {
                approved.current = false;
                setProgress(next);
              } else {
                setProgress(confirming && !approved.current ? { kind: 'awaitingApproval' } : next);
              }
            },
          });
        } finally {
          if (mounted.current) {
            setProgress(undefined);
          }
        }
      },
      onSuccess: (result) => {
        if (options.invalidate !== false) {
          void queryClient.invalidateQueries({ queryKey: walletAuthQueryKeys.all(baseClient) });
        }
        options.onSuccess?.(result);
      },
      onError: (error, _variables, mark) => {
        markIntent(baseClient, mark);
        options.onError?.(error);
      },
    },
    queryClient,
  );

  return {
    ...mutation,
    progress,
    confirmation: stamps.confirmation,
    cancel: () => controller.current?.abort(),
    pendingIntent: mutation.isPending ? undefined : kept.intent,
    repeatIntent: () => {
      const intent = kept.intent;
      kept.drop();
      if (intent !== undefined) {
        mutation.mutate(intent.variables);
      }
    },
    discardIntent: kept.drop,
  };
}
