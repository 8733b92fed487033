import type { Locator, Page } from '@playwright/test';
import { SANDBOX_OTP_CODE } from '@wallet-auth/sandbox';

/** Options of {@link signInWithOtp} and {@link signInWithPasskey}. */
export interface SignInStepOptions {
  /** The kit's `SignIn` to use. @defaultValue the page's only `[data-sign-in]` */
  signIn?: Locator;
  /** How long the sign-in may take. @defaultValue 15000 */
  timeoutMs?: number;
}

/**
 * Waits until `reached` says the step is done, failing at once, with its text, when the kit's
 * `SignIn` shows an alert (e.g. the code could not be sent), and after `timeoutMs` otherwise.
 */
async function waitForStep(
  page: Page,
  signIn: Locator,
  timeoutMs: number,
  reached: 'signedIn' | 'codeField',
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    // Read without waiting: the element may be unmounted at any moment.
    const verdict = await signIn
      .evaluateAll((elements, goal) => {
        const element = elements[0];
        if (goal === 'signedIn') {
          if (element === undefined || element.getAttribute('data-state') === 'success') {
            return 'done';
          }
        } else if (element?.querySelector('[data-otp-sign-in] input') != null) {
          return 'done';
        }
        const alert = [...(element?.querySelectorAll('[role="alert"]') ?? [])]
          .map((node) => node.textContent?.trim() ?? '')
          .find((text) => text !== '');
        return alert === undefined ? 'waiting' : `alert:${alert}`;
      }, reached)
      .catch(() => 'waiting'); // a navigation replaced the document: look again
    if (verdict === 'done') {
      return;
    }
    if (verdict.startsWith('alert:')) {
      throw new Error(`The kit's SignIn shows an alert: ${verdict.slice(6)}`);
    }
    if (Date.now() > deadline) {
      throw new Error(
        reached === 'signedIn'
          ? `The kit's SignIn did not finish within ${timeoutMs} ms`
          : `The kit's SignIn showed no code field within ${timeoutMs} ms`,
      );
    }
    await page.waitForTimeout(50);
  }
}

/**
 * Signs in through the kit's `SignIn` with the e-mail code: asks for a code, types it and waits
 * until the sign-in is done. Independent of the UI language (it uses the component's data
 * attributes).
 *
 * `options.code` is the code to type, or a function that resolves with it once the code is sent
 * (the `otpCode` fixture). @defaultValue the emulator's fixed code
 */
export async function signInWithOtp(
  page: Page,
  options: SignInStepOptions & { code?: string | (() => Promise<string>) } = {},
): Promise<void> {
  const signIn = options.signIn ?? page.locator('[data-sign-in]');
  const timeoutMs = options.timeoutMs ?? 15_000;
  await signIn
    .locator('button[data-otp-button][data-type="EMAIL_OTP"]')
    .click({ timeout: timeoutMs });
  await waitForStep(page, signIn, timeoutMs, 'codeField');
  const code = typeof options.code === 'function' ? await options.code() : options.code;
  await signIn.locator('[data-otp-sign-in] input').fill(code ?? SANDBOX_OTP_CODE);
  await waitForStep(page, signIn, timeoutMs, 'signedIn');
}

/**
 * Signs in through the kit's `SignIn` with a passkey (add a virtual authenticator first, with
 * the `authenticator` fixture) and waits until the sign-in is done. `SignIn` also offers the
 * passkey in the browser's autofill (conditional mediation, `passkeyAutofill`), and Chromium's
 * virtual authenticator answers that request by itself, without a person picking the passkey:
 * the sign-in may then finish before, or instead of, the click on the passkey button. Both count.
 */
export async function signInWithPasskey(
  page: Page,
  options: SignInStepOptions = {},
): Promise<void> {
  const signIn = options.signIn ?? page.locator('[data-sign-in]');
  const timeoutMs = options.timeoutMs ?? 15_000;
  await signIn.first().waitFor({ state: 'attached', timeout: timeoutMs });
  const done = waitForStep(page, signIn, timeoutMs, 'signedIn');
  const clicked = signIn
    .locator('button[data-passkey-button]')
    .first()
    .click({ timeout: timeoutMs })
    .catch(() => undefined); // signed in through autofill meanwhile: the button is gone
  await Promise.race([done, clicked]);
  await done;
}
