import {
  type ButtonHTMLAttributes,
  type ComponentPropsWithoutRef,
  createContext,
  forwardRef,
  type ReactNode,
  type Ref,
  type RefObject,
  useCallback,
  useContext,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { useCountdown } from '../../hooks/use-countdown.js';
import type { WalletAuthMessages } from '../../i18n/en.js';
import { useMessages } from '../../i18n/locale-provider.js';
import { composeEventHandlers } from '../../primitives/compose-event-handlers.js';
import { composeRefs } from '../../primitives/compose-refs.js';
import { Slot } from '../../primitives/slot.js';
import type { PendingConfirmation } from '../../signed-action/use-stamp-confirmation.js';
import { isConsentVisible, withoutHidingProps } from './consent-visibility.js';
import { SYSTEM_COUNTDOWN_CLOCK, TransferFacts } from './transfer-summary.js';

interface ConfirmContextValue {
  confirmation: PendingConfirmation;
  messages: WalletAuthMessages;
  titleId: string;
  summaryId: string;
  /** The rendered summary element (UI-09: Approve checks it is visible). */
  summaryElement: RefObject<HTMLDivElement | null>;
  /** Whether a summary is mounted; Approve is disabled until one is. */
  hasSummary: boolean;
  setHasSummary: (mounted: boolean) => void;
  /** Approve was pressed while the summary was hidden. */
  consentHidden: boolean;
  setConsentHidden: (hidden: boolean) => void;
  /** Seconds until a transfer's quote lapses; `undefined` when there is no quote expiry. */
  secondsLeft: number | undefined;
}

const ConfirmContext = createContext<ConfirmContextValue | null>(null);

function useConfirmContext(part: string): ConfirmContextValue {
  const context = useContext(ConfirmContext);
  if (context === null) {
    throw new Error(
      `<SignedActionConfirm.${part}> must be used within <SignedActionConfirm.Root>.`,
    );
  }
  return context;
}

/** Props of `SignedActionConfirm.Root`. */
export interface SignedActionConfirmRootProps extends ComponentPropsWithoutRef<'section'> {
  /** The pending stamp from `useSignedAction` or `useStampConfirmation`; nothing renders without one. */
  confirmation: PendingConfirmation | undefined;
  /** Move focus to the request when it appears. @defaultValue true */
  autoFocus?: boolean;
  /** The texts (e.g. `fr`). @defaultValue the nearest `WalletAuthLocaleProvider`'s, else English */
  messages?: WalletAuthMessages;
  /** @defaultValue title, summary, approve and cancel */
  children?: ReactNode;
}

/**
 * Shows what this device's session is about to authorise, before the stamp (docs/protocol.md §11.1):
 * the action read from the payload itself, facts a person can check, and approve / cancel. The
 * summary's text comes only from the payload, never from props, so a host app cannot reword
 * what is being signed (catalogue UI-09). Props cannot hide it either: `hidden`, `aria-hidden`,
 * `inert` and visibility-killing inline styles are not forwarded to the root or the summary, and
 * Approve refuses, with a visible alert, while the summary is missing or hidden by any style sheet.
 * A `section` labelled by its title and described by the summary, focused when it appears;
 * `data-action` names the kind of action; `data-consent-hidden` is set on the alert.
 */
export const SignedActionConfirmRoot = forwardRef<HTMLElement, SignedActionConfirmRootProps>(
  function SignedActionConfirmRoot(
    { confirmation, autoFocus = true, messages: messagesProp, children, ...props },
    ref,
  ) {
    const messages = useMessages(messagesProp);
    const titleId = useId();
    const summaryId = useId();
    const element = useRef<HTMLElement | null>(null);
    const summaryElement = useRef<HTMLDivElement | null>(null);
    const [hasSummary, setHasSummary] = useState(false);
    const [consentHidden, setConsentHidden] = useState(false);
    // A transfer's quote lapses at its expiresAt: the countdown re-renders every second, and the
    // time left is read from the clock at each render so a new request never starts "expired".
    const clock = confirmation?.clock ?? SYSTEM_COUNTDOWN_CLOCK;
    const expiresAt = confirmation?.activity.transfer?.expiresAt;
    const deadline = expiresAt !== undefined && Number.isFinite(expiresAt) ? expiresAt : undefined;
    useCountdown(deadline, clock);
    const secondsLeft =
      deadline === undefined ? undefined : Math.max(0, Math.ceil((deadline - clock.now()) / 1000));
    useEffect(() => {
      if (confirmation !== undefined && autoFocus) {
        element.current?.focus();
      }
    }, [confirmation, autoFocus]);
    useEffect(() => {
      // A new request starts without the previous one's refusal.
      if (confirmation !== undefined) {
        setConsentHidden(false);
      }
    }, [confirmation]);
    if (confirmation === undefined) {
      return null;
    }
    const context: ConfirmContextValue = {
      confirmation,
      messages,
      titleId,
      summaryId,
      summaryElement,
      hasSummary,
      setHasSummary,
      consentHidden,
      setConsentHidden,
      secondsLeft,
    };
    return (
      <ConfirmContext.Provider value={context}>
        <section
          tabIndex={-1}
          data-signed-action-confirm=""
          data-action={confirmation.activity.kind}
          {...withoutHidingProps(props)}
          // After the host's props: the request stays named by its title and described by the
          // payload's own summary (UI-09).
          aria-labelledby={titleId}
          aria-describedby={summaryId}
          ref={composeRefs(ref, element)}
        >
          {children ?? (
            <>
              <SignedActionConfirmTitle />
              <SignedActionConfirmSummary />
              <div data-actions="">
                <SignedActionConfirmApproveButton />
                <SignedActionConfirmRejectButton />
              </div>
            </>
          )}
          {consentHidden ? (
            <p role="alert" data-consent-hidden="">
              {messages.confirm.summaryHidden}
            </p>
          ) : null}
        </section>
      </ConfirmContext.Provider>
    );
  },
);

/** The heading of the request (an `h2`; use `asChild` for another level). */
export const SignedActionConfirmTitle = forwardRef<
  HTMLHeadingElement,
  ComponentPropsWithoutRef<'h2'> & { asChild?: boolean }
>(function SignedActionConfirmTitle({ asChild = false, children, ...props }, ref) {
  const { messages, titleId } = useConfirmContext('Title');
  const Component = asChild ? Slot : 'h2';
  return (
    <Component id={titleId} {...props} ref={ref as Ref<HTMLHeadingElement & HTMLElement>}>
      {children ?? messages.confirm.title}
    </Component>
  );
});

/**
 * What is being authorised, from the payload: the action sentence and the facts (new email or
 * phone); for a transfer, what its quote says (amounts and currencies on both sides, the rate of
 * a cross-currency quote, fees, destination, and the quote's countdown — catalogue UI-21). Takes
 * no children on purpose, and drops `hidden`, `aria-hidden`, `inert` and visibility-killing
 * inline styles (catalogue UI-09); `className` and layout styles still apply.
 */
export const SignedActionConfirmSummary = forwardRef<
  HTMLDivElement,
  Omit<ComponentPropsWithoutRef<'div'>, 'children'>
>(function SignedActionConfirmSummary(props, ref) {
  const { confirmation, messages, summaryId, summaryElement, setHasSummary, secondsLeft } =
    useConfirmContext('Summary');
  const { activity } = confirmation;
  // Server rendering shows Approve disabled; the browser enables it once the summary mounts.
  useEffect(() => {
    setHasSummary(true);
    return () => setHasSummary(false);
  }, [setHasSummary]);
  const { children: _smuggled, ...rest } = props as typeof props & { children?: unknown };
  return (
    <div
      data-summary=""
      {...withoutHidingProps(rest)}
      id={summaryId}
      ref={composeRefs(ref, summaryElement)}
    >
      <p>
        {messages.confirm.intro} <strong>{messages.confirm.actions[activity.kind]}</strong>
      </p>
      {activity.facts.length === 0 ? null : (
        <dl>
          {activity.facts.map((fact) => (
            <div key={fact.name}>
              <dt>{messages.confirm.facts[fact.name]}</dt>
              <dd>{fact.value}</dd>
            </div>
          ))}
        </dl>
      )}
      {activity.transfer === undefined ? null : (
        <TransferFacts transfer={activity.transfer} messages={messages} secondsLeft={secondsLeft} />
      )}
    </div>
  );
});

/** Props of the approve and cancel buttons. */
export interface SignedActionConfirmButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** Render the single child element instead of a `button`, with this part's props and behaviour. @defaultValue false */
  asChild?: boolean;
}

/**
 * Approves: the session key stamps the payload and the action is sent. Disabled until a
 * `SignedActionConfirm.Summary` is rendered, and once a transfer's quote has lapsed (UI-21); when
 * pressed while the summary is hidden (by a prop, a class or any style sheet), nothing is
 * approved and the root shows an alert (catalogue UI-09).
 */
export const SignedActionConfirmApproveButton = forwardRef<
  HTMLButtonElement,
  SignedActionConfirmButtonProps
>(function SignedActionConfirmApproveButton(
  { asChild = false, children, onClick, disabled, ...props },
  ref,
) {
  const { confirmation, messages, summaryElement, hasSummary, setConsentHidden, secondsLeft } =
    useConfirmContext('ApproveButton');
  const Component = asChild ? Slot : 'button';
  const approve = useCallback(() => {
    if (!isConsentVisible(summaryElement.current)) {
      setConsentHidden(true);
      return;
    }
    setConsentHidden(false);
    confirmation.approve();
  }, [confirmation, summaryElement, setConsentHidden]);
  const unavailable = disabled === true || !hasSummary || secondsLeft === 0;
  return (
    <Component
      type="button"
      data-approve=""
      {...props}
      disabled={unavailable}
      data-disabled={unavailable ? '' : undefined}
      ref={ref as Ref<HTMLButtonElement & HTMLElement>}
      onClick={composeEventHandlers(onClick, approve)}
    >
      {children ?? messages.confirm.approve}
    </Component>
  );
});

/** Refuses: nothing is stamped and the action ends with `ABORTED`. */
export const SignedActionConfirmRejectButton = forwardRef<
  HTMLButtonElement,
  SignedActionConfirmButtonProps
>(function SignedActionConfirmRejectButton({ asChild = false, children, onClick, ...props }, ref) {
  const { confirmation, messages } = useConfirmContext('RejectButton');
  const Component = asChild ? Slot : 'button';
  return (
    <Component
      type="button"
      data-reject=""
      {...props}
      ref={ref as Ref<HTMLButtonElement & HTMLElement>}
      onClick={composeEventHandlers(onClick, () => confirmation.reject())}
    >
      {children ?? messages.confirm.reject}
    </Component>
  );
});

/** Compound parts: `Root`, `Title`, `Summary`, `ApproveButton`, `RejectButton`. */
export const SignedActionConfirm = {
  Root: SignedActionConfirmRoot,
  Title: SignedActionConfirmTitle,
  Summary: SignedActionConfirmSummary,
  ApproveButton: SignedActionConfirmApproveButton,
  RejectButton: SignedActionConfirmRejectButton,
};
