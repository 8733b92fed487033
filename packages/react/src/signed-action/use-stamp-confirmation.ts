import type { Clock, StampSubject, WalletAuthClient } from '@wallet-auth/core';
import { useEffect, useMemo, useRef, useState } from 'react';
import { withStampConfirmation } from './confirming-client.js';
import { type ActivityDescription, describeActivity } from './describe-activity.js';

/** A stamp waiting for the person's decision; render it with `SignedActionConfirm`. */
export interface PendingConfirmation {
  /** The exact text the session key will sign. */
  payloadToSign: string;
  /**
   * What the payload authorises: read from the payload itself, and for a transfer from the quote
   * the core checked the payload belongs to (`subject`).
   */
  activity: ActivityDescription;
  /** The record the payload was checked to belong to (a transfer's quote), if any. */
  subject?: StampSubject | undefined;
  /** The client's clock, for the quote's countdown. @defaultValue the system clock */
  clock?: Clock | undefined;
  /** Stamps and sends the action. */
  approve(): void;
  /** Refuses: nothing is stamped and the action fails with `ABORTED`. */
  reject(): void;
}

/** What `useStampConfirmation` returns. */
export interface StampConfirmation {
  /** The client to give flows and actions: its session stamper waits for approval. */
  client: WalletAuthClient;
  /** Set while a stamp waits for approval. */
  confirmation: PendingConfirmation | undefined;
  /** Refuses the pending stamp, if any. */
  rejectPending(): void;
}

/** Options of `useStampConfirmation`. */
export interface StampConfirmationOptions {
  /** Called when the person approves, just before the key stamps. */
  onApprove?: () => void;
}

/**
 * Wraps a client so that every stamp by this device's session waits for the person's approval
 * of the exact payload (docs/protocol.md §11.1), and exposes the pending request for
 * `SignedActionConfirm`. A pending request is refused when the component unmounts.
 *
 * @param client - The kit's client.
 * @param enabled - False returns the client unchanged. @defaultValue true
 * @param options - `onApprove`.
 */
export function useStampConfirmation(
  client: WalletAuthClient,
  enabled = true,
  options: StampConfirmationOptions = {},
): StampConfirmation {
  const onApprove = useRef(options.onApprove);
  useEffect(() => {
    onApprove.current = options.onApprove;
  });
  const [confirmation, setConfirmation] = useState<PendingConfirmation | undefined>(undefined);
  const pending = useRef<((approved: boolean) => void) | undefined>(undefined);
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      pending.current?.(false);
    };
  }, []);

  const wrapped = useMemo(() => {
    if (!enabled) {
      return client;
    }
    return withStampConfirmation(
      client,
      (payloadToSign, subject) =>
        new Promise<void>((resolve, reject) => {
          // A newer request replaces an older one still on screen.
          pending.current?.(false);
          const settle = (approved: boolean) => {
            if (pending.current !== settle) {
              return;
            }
            pending.current = undefined;
            if (mounted.current) {
              setConfirmation(undefined);
            }
            if (approved) {
              onApprove.current?.();
              resolve();
            } else {
              reject(new Error('The person refused the action.'));
            }
          };
          pending.current = settle;
          if (mounted.current) {
            setConfirmation({
              payloadToSign,
              activity: describeActivity(payloadToSign, subject),
              subject,
              clock: client.clock,
              approve: () => settle(true),
              reject: () => settle(false),
            });
          } else {
            settle(false);
          }
        }),
    );
  }, [client, enabled]);

  return { client: wrapped, confirmation, rejectPending: () => pending.current?.(false) };
}
