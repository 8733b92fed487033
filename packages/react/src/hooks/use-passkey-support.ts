import { useEffect, useState } from 'react';

/**
 * Whether this browser can use passkeys, from a flow's `isSupported` (the WebAuthn port's):
 * `undefined` until the answer arrives (it is asynchronous), `false` where WebAuthn is absent
 * (WebKitGTK, some embedded web views) or the check fails.
 * @param isSupported - The flow's `isSupported`.
 * @param enabled - Ask only when true (e.g. only when the account has a passkey). @defaultValue true
 */
export function usePasskeySupport(
  isSupported: () => Promise<boolean>,
  enabled = true,
): boolean | undefined {
  const [supported, setSupported] = useState<boolean | undefined>(undefined);
  useEffect(() => {
    let live = true;
    if (enabled) {
      isSupported().then(
        (answer) => live && setSupported(answer),
        () => live && setSupported(false),
      );
    }
    return () => {
      live = false;
    };
  }, [enabled, isSupported]);
  return supported;
}

/**
 * What the passkey parts do where the browser cannot use passkeys: `explain` shows them disabled
 * with the reason; `hide` leaves them out (a sign-in still explains when nothing else is left).
 */
export type UnsupportedPasskeys = 'explain' | 'hide';
