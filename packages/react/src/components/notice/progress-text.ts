import type { SignedActionProgress } from '@wallet-auth/core';
import type { WalletAuthMessages } from '../../i18n/en.js';

/**
 * The sentence for a signed action's progress while it is not waiting out a rate limit
 * (`rateLimited` is shown by a `CountdownNotice` instead).
 *
 * @param progress - The signed-retry progress.
 * @param busyText - What the action is doing, e.g. "Removing…".
 * @param messages - The active catalogue.
 */
export function progressText(
  progress: SignedActionProgress | undefined,
  busyText: string,
  messages: WalletAuthMessages,
): string {
  return progress?.kind === 'processing' ? messages.common.processing : busyText;
}
