import { type ComponentPropsWithoutRef, forwardRef, useMemo } from 'react';
import { type CountdownClock, useCountdown } from '../../hooks/use-countdown.js';
import type { WalletAuthSignInMessages } from '../../i18n/en.js';
import { formatDuration } from '../../i18n/format.js';
import { useSignInMessages } from '../../i18n/messages-context.js';
import { visuallyHidden } from '../../primitives/cssom-style.js';

/** Props of `CountdownNotice`. */
export interface CountdownNoticeProps extends Omit<ComponentPropsWithoutRef<'div'>, 'children'> {
  /** Epoch ms when waiting ends (from `Retry-After`, docs/protocol.md §11.5). */
  until: number;
  /** The client's clock, so the countdown and the flow agree (and tests can drive it). */
  clock: CountdownClock;
  /** The sentence around the remaining time. @defaultValue messages.rateLimit.wait */
  children?: (duration: string) => string;
  /** Shown once the wait is over. @defaultValue messages.rateLimit.over */
  overText?: string;
  /** Overrides the catalogue of `WalletAuthLocaleProvider`. */
  messages?: WalletAuthSignInMessages;
}

/**
 * A live countdown (catalogue UI-06). The remaining time ticks in a `timer` element; a polite
 * live region announces the wait once when it starts and once when it is over, so screen readers
 * are not interrupted every second. `data-state` is `waiting` or `over`.
 */
export const CountdownNotice = forwardRef<HTMLDivElement, CountdownNoticeProps>(
  function CountdownNotice(
    { until, clock, children, overText, messages: messagesProp, ...props },
    ref,
  ) {
    const messages = useSignInMessages(messagesProp);
    const left = useCountdown(until, clock);
    // biome-ignore lint/correctness/useExhaustiveDependencies: the announcement is fixed per deadline
    const initial = useMemo(() => Math.max(0, Math.ceil((until - clock.now()) / 1000)), [until]);
    const sentence = children ?? messages.rateLimit.wait;
    const over = overText ?? messages.rateLimit.over;
    return (
      <div data-countdown="" data-state={left === 0 ? 'over' : 'waiting'} {...props} ref={ref}>
        <p role="timer">{left === 0 ? over : sentence(formatDuration(left, messages.locale))}</p>
        <p aria-live="polite" data-visually-hidden="" ref={visuallyHidden}>
          {left === 0 ? over : sentence(formatDuration(initial, messages.locale))}
        </p>
      </div>
    );
  },
);
