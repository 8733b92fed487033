import { type ComponentPropsWithoutRef, forwardRef } from 'react';
import type { WalletAuthSignInMessages } from '../../i18n/en.js';
import { useSignInMessages } from '../../i18n/messages-context.js';

/** Props of `Divider`. */
export interface DividerProps extends ComponentPropsWithoutRef<'div'> {
  /** The word between the rules. @defaultValue messages.signIn.or ("or") */
  children?: ComponentPropsWithoutRef<'div'>['children'];
  /** Overrides the catalogue of `WalletAuthLocaleProvider`. */
  messages?: WalletAuthSignInMessages;
}

/**
 * The "or" between two groups of choices (quick sign-in methods above, codes below): one `div`
 * with `data-divider`; the stylesheet draws a rule on each side of the word. Screen readers read
 * the word between the two lists, as it is shown (a `separator` role would hide it, and an `hr`
 * cannot hold it).
 *
 * @example
 * <PasskeyButton credentialId={passkey.id} /><Divider /><button>Email me a code</button>
 */
export const Divider = forwardRef<HTMLDivElement, DividerProps>(function Divider(
  { children, messages: messagesProp, ...props },
  ref,
) {
  const messages = useSignInMessages(messagesProp);
  return (
    <div data-divider="" {...props} ref={ref}>
      <span>{children ?? messages.signIn.or}</span>
    </div>
  );
});
