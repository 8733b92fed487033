import { type ComponentPropsWithoutRef, forwardRef } from 'react';
import { useOnlineStatus } from '../../hooks/use-online-status.js';
import type { WalletAuthSignInMessages } from '../../i18n/en.js';
import { useSignInMessages } from '../../i18n/messages-context.js';

/** Props of `OfflineNotice`. */
export interface OfflineNoticeProps extends Omit<ComponentPropsWithoutRef<'p'>, 'children'> {
  /** Force the state (stories, tests); @defaultValue the browser's `navigator.onLine` */
  offline?: boolean;
  /** The texts (e.g. `fr`). @defaultValue the nearest `WalletAuthLocaleProvider`'s, else English */
  messages?: WalletAuthSignInMessages;
}

/**
 * Says the device is offline, in a polite `status` region that stays in the page and is empty
 * while online (a live region must exist before its text changes to be announced). `data-state` is `online` or
 * `offline`.
 */
export const OfflineNotice = forwardRef<HTMLParagraphElement, OfflineNoticeProps>(
  function OfflineNotice({ offline: offlineProp, messages: messagesProp, ...props }, ref) {
    const messages = useSignInMessages(messagesProp);
    const online = useOnlineStatus();
    const offline = offlineProp ?? !online;
    return (
      <p
        role="status"
        data-offline-notice=""
        data-state={offline ? 'offline' : 'online'}
        {...props}
        ref={ref}
      >
        {offline ? messages.common.offline : null}
      </p>
    );
  },
);
