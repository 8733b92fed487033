import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type AuthMethod, WalletAuthError } from '@wallet-auth/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { en } from '../../i18n/en.js';
import { expectNoAxeViolations } from '../../test/axe.js';
import { createKit, type Kit } from '../../test/kit.js';
import { SignIn } from './sign-in.js';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** The code field of the OTP step. */
function codeField(): HTMLInputElement {
  return screen.getByRole('textbox', { name: /Enter the 6-digit code/ }) as HTMLInputElement;
}

/** `navigator.onLine` under the test's control, with the browser's events. */
function controlConnection() {
  let online = true;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  return {
    set(kit: Kit, next: boolean) {
      act(() => {
        online = next;
        kit.network.offline = !next;
        window.dispatchEvent(new Event(next ? 'online' : 'offline'));
      });
    },
  };
}

async function openCodeStep(kit: Kit, user: ReturnType<typeof userEvent.setup>) {
  render(kit.wrapper(<SignIn accountId={kit.accountId} />));
  await user.click(await screen.findByRole('button', { name: en.otp.sendEmail }));
  await waitFor(() => expect(document.activeElement).toBe(codeField()));
}

describe('SignIn: focus, the lock and the connection', () => {
  it('UI-13: given the code step, should focus the field when it opens, keep it there after every wrong code, and return focus to the methods on the way back', async () => {
    const user = userEvent.setup();
    const kit = createKit();
    await openCodeStep(kit, user);
    for (const [code, left] of [
      ['111111', 4],
      ['222222', 3],
    ] as const) {
      // Typed straight after the failure: no click needed to put focus back.
      await user.keyboard(code);
      await screen.findByText(en.otp.wrongCode(left));
      expect(document.activeElement).toBe(codeField());
      expect(codeField().value).toBe('');
    }
    await user.click(screen.getByRole('button', { name: en.otp.useAnotherCode }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: en.otp.sendEmail }));
  });

  it('UI-13: given a code being checked, should keep the field focused and read-only, not disabled', async () => {
    const user = userEvent.setup();
    const kit = createKit();
    kit.network.hold = [/\/verify$/];
    await openCodeStep(kit, user);
    await user.keyboard('000000');
    await screen.findByText(en.otp.verifying);
    expect(codeField().readOnly).toBe(true);
    expect(codeField().disabled).toBe(false);
    expect(document.activeElement).toBe(codeField());
    // Typing into a field being checked changes nothing.
    await user.keyboard('9');
    expect(codeField().value).toBe('000000');
  });

  it('UI-12: given five wrong codes, should count 4, 3, 2, 1 and lock on the fifth, with no field left to type in', async () => {
    const user = userEvent.setup();
    const kit = createKit();
    await openCodeStep(kit, user);
    const said: string[] = [];
    for (const code of ['111111', '222222', '333333', '444444']) {
      await user.keyboard(code);
      const alert = await screen.findByText(/That code isn't right/);
      said.push(alert.textContent ?? '');
      await waitFor(() => expect(codeField().value).toBe(''));
    }
    expect(said).toEqual([4, 3, 2, 1].map((left) => en.otp.wrongCode(left)));
    await user.keyboard('555555');
    const timer = await screen.findByRole('timer');
    expect(timer.textContent).toBe(en.otp.locked('5 minutes'));
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByText(en.otp.wrongCode(0))).toBeNull();
    expect(
      (screen.getByRole('button', { name: en.common.retry }) as HTMLButtonElement).disabled,
    ).toBe(true);
    // The emulator agrees: the right code would not have been accepted now.
    await expect(kit.client.api.challengeOtp(kit.emailCredentialId)).rejects.toMatchObject({
      code: 'RATE_LIMITED',
    });
  });

  it('UI-14: given a code typed while offline, should keep it in the field, say it was not checked, and sign in when the connection is back', async () => {
    const user = userEvent.setup();
    const kit = createKit();
    const connection = controlConnection();
    await openCodeStep(kit, user);
    connection.set(kit, false);
    await screen.findByText(en.common.offline);
    await user.keyboard('000000');
    const problem = await screen.findByText(en.otp.notChecked);
    expect(problem.closest('[data-otp-problem]')?.getAttribute('data-otp-problem')).toBe(
      'networkError',
    );
    // The code survives, focused and selected, so typing another one replaces it.
    expect(codeField().value).toBe('000000');
    expect(document.activeElement).toBe(codeField());
    expect([codeField().selectionStart, codeField().selectionEnd]).toEqual([0, 6]);
    expect(codeField().getAttribute('aria-invalid')).toBeNull();
    // Never the browser's raw error.
    expect(document.body.textContent).not.toContain('Failed to fetch');
    await expectNoAxeViolations(document.body);

    connection.set(kit, true);
    await screen.findByText(en.otp.signedIn);
    expect(kit.client.sessions.getSnapshot().status).toBe('active');
  });

  it('UI-14: given the code request interrupted by the connection, should ask again by itself once back online', async () => {
    const user = userEvent.setup();
    const kit = createKit();
    const connection = controlConnection();
    render(kit.wrapper(<SignIn accountId={kit.accountId} />));
    const send = await screen.findByRole('button', { name: en.otp.sendEmail });
    connection.set(kit, false);
    await user.click(send);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(en.errors.NETWORK_ERROR);
    // The next step is a button, and it has focus.
    const check = within(alert).getByRole('button', { name: en.actions.checkConnection });
    await waitFor(() => expect(document.activeElement).toBe(check));
    connection.set(kit, true);
    await waitFor(() => expect(document.activeElement).toBe(codeField()));
  });

  it('UI-14: given the connection back while online already failed the check, should offer to check the same code again', async () => {
    const user = userEvent.setup();
    const kit = createKit();
    await openCodeStep(kit, user);
    // The browser says online, but the service cannot be reached.
    kit.network.offline = true;
    await user.keyboard('000000');
    await screen.findByText(en.otp.notChecked);
    kit.network.offline = false;
    await user.click(screen.getByRole('button', { name: en.otp.checkAgain }));
    await screen.findByText(en.otp.signedIn);
  });
});

describe('SignIn: messages and next steps', () => {
  it('UI-15: given the passkey prompt open, should say so once: the button keeps its label', async () => {
    const user = userEvent.setup();
    const kit = createKit();
    const { createPendingWebAuthn, createSoftWebAuthn } = await import(
      '../../test/soft-webauthn.js'
    );
    await kit.signIn();
    await kit.registerPasskey(createSoftWebAuthn('http://localhost:3000'));
    await kit.client.sessions.signOut();
    render(kit.wrapper(<SignIn accountId={kit.accountId} webauthn={createPendingWebAuthn()} />));
    const button = await screen.findByRole('button', { name: en.passkey.signIn });
    await user.click(button);
    await screen.findByText(en.passkey.pending);
    expect(screen.getAllByText(en.passkey.pending)).toHaveLength(1);
    expect(button.textContent).toBe(en.passkey.signIn);
    expect(button.getAttribute('aria-busy')).toBe('true');
  });

  it('UI-15: given the OAuth provider open, should name it once in the status line', async () => {
    const user = userEvent.setup();
    const kit = createKit();
    await kit.signIn();
    await kit.addOAuth();
    await kit.client.sessions.signOut();
    render(
      kit.wrapper(
        <SignIn
          accountId={kit.accountId}
          oauthProvider={() => 'Demo Identity'}
          getIdToken={() => new Promise(() => undefined)}
        />,
      ),
    );
    const button = await screen.findByRole('button', {
      name: en.oauth.continueWith('Demo Identity'),
    });
    await user.click(button);
    await screen.findByText(en.oauth.pending('Demo Identity'));
    expect(screen.getAllByText(/Demo Identity/)).toHaveLength(2); // the button and the status
    expect(button.textContent).toBe(en.oauth.continueWith('Demo Identity'));
  });

  it('OIDC-17: given an ID token for another identity, should say so in words with no technical details and offer another method as a button', async () => {
    const user = userEvent.setup();
    const kit = createKit();
    await kit.signIn();
    await kit.addOAuth();
    await kit.client.sessions.signOut();
    const { mintSandboxIdToken } = await import('@wallet-auth/sandbox');
    render(
      kit.wrapper(
        <SignIn
          accountId={kit.accountId}
          oauthProvider={() => 'Google'}
          getIdToken={async ({ nonce }) =>
            mintSandboxIdToken({
              aud: 'wallet-auth-stories',
              sub: 'somebody-else',
              email: 'eve@gmail.com',
              nonce,
              now: kit.serverClock.now() / 1000,
            })
          }
        />,
      ),
    );
    await user.click(await screen.findByRole('button', { name: en.oauth.continueWith('Google') }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(en.errorCases.oauthIdentityMismatch);
    expect(alert.textContent).not.toMatch(/OIDC|identity does not match|Details/);
    expect(alert.querySelector('[data-advice]')).toBeNull();
    await user.click(within(alert).getByRole('button', { name: en.actions.useAnotherMethod }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: en.otp.sendEmail }));
  });

  it('UI-15: given every error a sign-in can meet, should offer each next step as a button, never as advice text', async () => {
    const user = userEvent.setup();
    const codes = [
      'NETWORK_ERROR',
      'SESSION_EXPIRED',
      'CONFIGURATION_INVALID',
      'INVALID_INPUT',
      'PROCESSING_TIMEOUT',
      'KEY_STORE_UNAVAILABLE',
    ] as const;
    for (const code of codes) {
      const kit = createKit();
      await kit.signIn();
      await kit.addOAuth();
      await kit.client.sessions.signOut();
      const { unmount } = render(
        kit.wrapper(
          <SignIn
            accountId={kit.accountId}
            oauthProvider={() => 'Google'}
            getIdToken={() => Promise.reject(new WalletAuthError(code, 'internal'))}
          />,
        ),
      );
      await user.click(
        await screen.findByRole('button', { name: en.oauth.continueWith('Google') }),
      );
      const alert = await screen.findByRole('alert');
      expect(alert.getAttribute('data-error-code'), code).toBe(code);
      expect(alert.querySelector('[data-advice]'), code).toBeNull();
      expect(within(alert).getAllByRole('button').length, code).toBeGreaterThan(0);
      unmount();
    }
  });

  it('UI-15: given an attempt the app aborted, should report it as neutral news, not a red alert', async () => {
    const kit = createKit();
    await kit.signIn();
    const credential: AuthMethod = await kit.addOAuth();
    await kit.client.sessions.signOut();
    const user = userEvent.setup();
    render(
      kit.wrapper(
        <SignIn
          accountId={kit.accountId}
          oauthProvider={() => 'Google'}
          getIdToken={() => Promise.reject(new WalletAuthError('ABORTED', 'stopped by the app'))}
        />,
      ),
    );
    await user.click(await screen.findByRole('button', { name: en.oauth.continueWith('Google') }));
    const notice = await screen.findByText(en.errors.ABORTED);
    const box = notice.closest('[data-error-notice]');
    expect(box?.getAttribute('role')).toBe('status');
    expect(box?.getAttribute('data-tone')).toBe('neutral');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(credential.type).toBe('OAUTH');
  });
});
