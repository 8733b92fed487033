import { useEffect, useRef } from 'react';

/**
 * Reads a one-time code from an incoming text message, or resolves `null` when none comes. Rejects
 * or resolves `null` when `signal` aborts. The default is the WebOTP API
 * (`navigator.credentials.get({ otp: { transport: ['sms'] } })`, WICG WebOTP); tests and stories
 * inject their own.
 */
export type ReadSmsCode = (signal: AbortSignal) => Promise<string | null>;

/** `navigator.credentials.get` with WebOTP's `otp` member (not in the DOM typings yet). */
type OtpCredentialsContainer = {
  get(options: {
    otp: { transport: string[] };
    signal: AbortSignal;
  }): Promise<{ code?: unknown } | null>;
};

/**
 * The browser's WebOTP reader, or `undefined` where the API is missing (only Chromium-based
 * browsers have `OTPCredential`; the code field's `autocomplete="one-time-code"` still offers the
 * code from the keyboard elsewhere). Feature-detected at call time, never at import.
 */
export function browserReadSmsCode(): ReadSmsCode | undefined {
  if (typeof window === 'undefined' || !('OTPCredential' in window)) {
    return undefined;
  }
  const credentials = navigator.credentials as unknown as OtpCredentialsContainer;
  return async (signal) => {
    const credential = await credentials.get({ otp: { transport: ['sms'] }, signal });
    return typeof credential?.code === 'string' ? credential.code : null;
  };
}

/**
 * While `enabled`, waits for a code from a text message (WebOTP) and passes it to `onCode`; the
 * request is aborted as soon as `enabled` turns false or the component unmounts (the step ended,
 * the code was typed, the person went back). Failures are silent: typing the code always works.
 *
 * @param enabled - True while the code step of an SMS credential waits for a code.
 * @param onCode - Receives the code (the latest callback is used).
 * @param read - The reader. @defaultValue the browser's WebOTP, where it exists
 */
export function useWebOtp(
  enabled: boolean,
  onCode: (code: string) => void,
  read: ReadSmsCode | false | undefined,
): void {
  const latest = useRef(onCode);
  latest.current = onCode;
  useEffect(() => {
    const reader = read === false ? undefined : (read ?? browserReadSmsCode());
    if (!enabled || reader === undefined) {
      return;
    }
    const controller = new AbortController();
    reader(controller.signal).then(
      (code) => {
        if (!controller.signal.aborted && code !== null) {
          latest.current(code);
        }
      },
      () => undefined, // dismissed, aborted or unsupported: the field is still there
    );
    return () => controller.abort();
  }, [enabled, read]);
}
