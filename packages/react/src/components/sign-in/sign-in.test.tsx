import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createPasskeyLoginFlow } from '@wallet-auth/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../hooks/use-session.js';
import { en } from '../../i18n/en.js';
import { fr } from '../../i18n/fr.js';
import { expectNoAxeViolations } from '../../test/axe.js';
import { createKit, waitForState } from '../../test/kit.js';
import {
  createCancellingWebAuthn,
  createSoftWebAuthn,
  createUnsupportedWebAuthn,
} from '../../test/soft-webauthn.js';
import { SignIn } from './sign-in.js';

afterEach(cleanup);

const ORIGIN = 'http://localhost:3000';

/** The common app shape: `SignIn` only while signed out, unmounted as the session becomes active. */
function SignInUntilActive(props: Parameters<typeof SignIn>[0]) {
  const session = useSession();
  return session.status === 'active' ? <p>Wallet home</p> : <SignIn {...props} />;
}

describe('SignIn', () => {
  it('given an email credential, should send a code, take the typed code and sign in without sending it in clear', async () => {
    const user = userEvent.setup();
    const kit = createKit();
    const onSuccess = vi.fn();
    const { container } = render(
      kit.wrapper(<SignIn accountId={kit.accountId} onSuccess={onSuccess} />),
    );
    await user.click(await screen.findByRole('button', { name: en.otp.sendEmail }));
    const input = await screen.findByRole('textbox');
    expect(screen.getByText(en.otp.enterCode(6, 'ada@example.com'))).toBeTruthy();
    await expectNoAxeViolations(container);
    await user.type(input, '000000');
    await screen.findByText(en.otp.signedIn);
    expect(onSuccess).toHaveBeenCalledTimes(1);
    expect(kit.client.sessions.getSnapshot().status).toBe('active');
    // The plaintext code never left the page (docs/protocol.md §5).
    expect(kit.requests.some((request) => request.body.includes('000000'))).toBe(false);
  });

  it('given a wrong code, should say so with the attempts left, clear and mark the field (UI-02) and pass axe (UI-07)', async () => {
    const user = userEvent.setup();
    const kit = createKit();
    const { container } = render(kit.wrapper(<SignIn accountId={kit.accountId} />));
    await user.click(await screen.findByRole('button', { name: en.otp.sendEmail }));
    await user.type(await screen.findByRole('textbox'), '123456');
    const problem = await screen.findByText(en.otp.wrongCode(4));
    expect(problem.closest('[role="alert"]')).toBeTruthy();
    const input = screen.getByRole('textbox');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect((input as HTMLInputElement).value).toBe('');
    await expectNoAxeViolations(container);
  });

  it('UI-06: given a rate-limited resend, should show the countdown from Retry-After and keep retry disabled', async () => {
    const user = userEvent.setup();
    const kit = createKit({
      sandbox: { rateLimits: { challengesPerWindow: 1, windowSeconds: 90 } },
    });
    render(kit.wrapper(<SignIn accountId={kit.accountId} resendCooldownSeconds={0} />));
    await user.click(await screen.findByRole('button', { name: en.otp.sendEmail }));
    await user.click(await screen.findByRole('button', { name: en.otp.resend }));
    const timer = await screen.findByRole('timer');
    expect(timer.textContent).toMatch(/You can try again in 1 minute (29|30) seconds\./);
    expect(
      (screen.getByRole('button', { name: en.common.retry }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });

  it('given a passkey on this device, an OAuth account and an email code, should offer them in that order', async () => {
    const kit = createKit();
    await kit.signIn();
    await kit.registerPasskey(createSoftWebAuthn(ORIGIN));
    await kit.addOAuth();
    await kit.client.sessions.signOut();
    render(
      kit.wrapper(
        <SignIn
          accountId={kit.accountId}
          getIdToken={kit.getIdToken}
          oauthProvider={() => 'Google'}
        />,
      ),
    );
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(3));
    const types = screen.getAllByRole('listitem').map((item) => item.getAttribute('data-type'));
    expect(types).toEqual(['PASSKEY', 'OAUTH', 'EMAIL_OTP']);
    // Quick methods, then "or", then the codes; one primary action, the provider's stays neutral.
    const [quick, codes] = screen.getAllByRole('list');
    expect(within(quick!).getAllByRole('listitem')).toHaveLength(2);
    expect(within(codes!).getAllByRole('listitem')).toHaveLength(1);
    expect(quick?.nextElementSibling?.matches('[data-divider]')).toBe(true);
    expect(quick?.nextElementSibling?.textContent).toBe(en.signIn.or);
    const variants = screen
      .getAllByRole('button')
      .map((button) => [button.textContent, button.getAttribute('data-variant')]);
    expect(variants).toEqual([
      [en.passkey.signIn, 'primary'],
      [en.oauth.continueWith('Google'), 'secondary'],
      [en.otp.sendEmail, 'secondary'],
    ]);
    const mark = within(quick!).getByRole('button', { name: en.oauth.continueWith('Google') });
    await waitFor(() =>
      expect(mark.querySelector('svg')?.getAttribute('data-provider-mark')).toBe('google'),
    );
    expect(mark.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
    await expectNoAxeViolations(document.body);
  });

  it('given only an OAuth account and an email code, should make the code the primary action', async () => {
    const kit = createKit();
    await kit.signIn();
    await kit.addOAuth();
    await kit.client.sessions.signOut();
    render(
      kit.wrapper(
        <SignIn
          accountId={kit.accountId}
          getIdToken={kit.getIdToken}
          oauthProvider={() => 'Acme ID'}
        />,
      ),
    );
    const code = await screen.findByRole('button', { name: en.otp.sendEmail });
    expect(code.getAttribute('data-variant')).toBe('primary');
    const provider = screen.getByRole('button', { name: en.oauth.continueWith('Acme ID') });
    expect(provider.getAttribute('data-variant')).toBe('secondary');
    await waitFor(() =>
      expect(provider.querySelector('svg')?.getAttribute('data-provider-mark')).toBe('generic'),
    );
  });

  it('given the software authenticator, should sign in with the passkey', async () => {
    const user = userEvent.setup();
    const kit = createKit();
    const webauthn = createSoftWebAuthn(ORIGIN);
    await kit.signIn();
    await kit.registerPasskey(webauthn);
    await kit.client.sessions.signOut();
    render(kit.wrapper(<SignIn accountId={kit.accountId} webauthn={webauthn} />));
    await user.click(await screen.findByRole('button', { name: en.passkey.signIn }));
    await screen.findByText(en.signIn.success);
    expect(kit.client.sessions.getSnapshot()).toMatchObject({
      status: 'active',
      session: { type: 'PASSKEY' },
    });
  });

  it('PK-12, PK-19: given a dismissed prompt for a passkey not known on this device, should say it may be elsewhere and offer both steps as buttons', async () => {
    const user = userEvent.setup();
    const kit = createKit();
    await kit.signIn();
    await kit.registerPasskey(createSoftWebAuthn(ORIGIN));
    await kit.client.sessions.signOut();
    render(kit.wrapper(<SignIn accountId={kit.accountId} webauthn={createCancellingWebAuthn()} />));
    const button = await screen.findByRole('button', { name: en.passkey.signIn });
    await user.click(button);
    // Browsers report "no passkey here" and "prompt closed" alike: the message covers both.
    await screen.findByText(en.passkey.notOnDevice);
    expect(screen.queryByText(en.passkey.cancelled)).toBeNull();
    expect(button.getAttribute('data-state')).toBe('error');
    expect((button as HTMLButtonElement).disabled).toBe(false);
    const retry = screen.getByRole('button', { name: en.common.retry });
    // The focus lost with the disabled button lands on the first next step (UI-13).
    await waitFor(() => expect(document.activeElement).toBe(retry));
    await user.click(screen.getByRole('button', { name: en.actions.useAnotherMethod }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: en.otp.sendEmail }));
    expect(screen.queryByText(en.passkey.notOnDevice)).toBeNull();
  });

  it("PK-12, PK-19: given a dismissed prompt for the passkey of this device's expired session, should say the prompt was closed", async () => {
    const user = userEvent.setup();
    const kit = createKit({ sandbox: { sessionLifetimeSeconds: 60 } });
    const webauthn = createSoftWebAuthn(ORIGIN);
    await kit.signIn();
    const passkey = await kit.registerPasskey(webauthn);
    await kit.client.sessions.signOut();
    const flow = createPasskeyLoginFlow(kit.client, { webauthn });
    flow.start(passkey.id);
    await waitForState(flow, (state) => state.status === 'authenticated');
    flow.dispose();
    kit.clientClock.offset = 61_000;
    kit.reload();
    render(kit.wrapper(<SignIn accountId={kit.accountId} webauthn={createCancellingWebAuthn()} />));
    await screen.findByText(en.signIn.expired);
    await user.click(await screen.findByRole('button', { name: en.passkey.signIn }));
    await screen.findByText(en.passkey.cancelled);
    expect(screen.queryByText(en.passkey.notOnDevice)).toBeNull();
  });

  it('PK-17: given a browser without passkeys, should disable the passkey and say why', async () => {
    const kit = createKit();
    await kit.signIn();
    await kit.registerPasskey(createSoftWebAuthn(ORIGIN));
    await kit.client.sessions.signOut();
    render(
      kit.wrapper(<SignIn accountId={kit.accountId} webauthn={createUnsupportedWebAuthn()} />),
    );
    await screen.findByText(en.passkey.unsupported);
    const button = screen.getByRole('button', { name: en.passkey.signIn });
    expect(button.hasAttribute('data-unsupported')).toBe(true);
    expect((button as HTMLButtonElement).disabled).toBe(true);
  });

  it('PK-17: given a browser without passkeys and unsupportedPasskeys="hide", should leave the passkey out and offer the e-mail code', async () => {
    const kit = createKit();
    await kit.signIn();
    await kit.registerPasskey(createSoftWebAuthn(ORIGIN));
    await kit.client.sessions.signOut();
    render(
      kit.wrapper(
        <SignIn
          accountId={kit.accountId}
          webauthn={createUnsupportedWebAuthn()}
          unsupportedPasskeys="hide"
        />,
      ),
    );
    expect(await screen.findByRole('button', { name: en.otp.sendEmail })).toBeTruthy();
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: en.passkey.signIn })).toBeNull(),
    );
    expect(screen.queryByText(en.passkey.unsupported)).toBeNull();
  });

  it('SES-01: given an expired session after a reload, should say so in French and offer the methods again', async () => {
    const kit = createKit({ sandbox: { sessionLifetimeSeconds: 60 } });
    await kit.signIn();
    kit.clientClock.offset = 61_000;
    kit.reload();
    render(kit.wrapper(<SignIn accountId={kit.accountId} />, fr));
    await screen.findByText(fr.signIn.expired);
    expect(await screen.findByRole('button', { name: fr.otp.sendEmail })).toBeTruthy();
  });

  it('given the network is down, should explain it and offer to check the connection', async () => {
    const user = userEvent.setup();
    const kit = createKit();
    render(kit.wrapper(<SignIn accountId={kit.accountId} />));
    await user.click(await screen.findByRole('button', { name: en.otp.sendEmail }));
    await screen.findByRole('textbox');
    act(() => {
      kit.network.offline = true;
    });
    await user.click(screen.getByRole('button', { name: en.otp.useAnotherCode }));
    await user.click(screen.getByRole('button', { name: en.otp.sendEmail }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(en.errors.NETWORK_ERROR);
    expect(within(alert).getByRole('button', { name: en.actions.checkConnection })).toBeTruthy();
  });

  describe('onSuccess', () => {
    it('given an app that unmounts SignIn once the session is active, should still call onSuccess exactly once per OTP sign-in', async () => {
      const user = userEvent.setup();
      const kit = createKit();
      const onSuccess = vi.fn();
      render(kit.wrapper(<SignInUntilActive accountId={kit.accountId} onSuccess={onSuccess} />));
      await user.click(await screen.findByRole('button', { name: en.otp.sendEmail }));
      await user.type(await screen.findByRole('textbox'), '000000');
      await screen.findByText('Wallet home');
      expect(onSuccess).toHaveBeenCalledTimes(1);
      const first = onSuccess.mock.calls[0]![0] as { id: string; type: string };
      expect(first.type).toBe('EMAIL_OTP');

      // Signed out and in again: one more call, for the new session.
      await act(() => kit.client.sessions.signOut());
      await user.click(await screen.findByRole('button', { name: en.otp.sendEmail }));
      await user.type(await screen.findByRole('textbox'), '000000');
      await screen.findByText('Wallet home');
      expect(onSuccess).toHaveBeenCalledTimes(2);
      expect((onSuccess.mock.calls[1]![0] as { id: string }).id).not.toBe(first.id);
    });

    it('given an app that unmounts SignIn once the session is active, should still call onSuccess once for a passkey sign-in', async () => {
      const user = userEvent.setup();
      const kit = createKit();
      const webauthn = createSoftWebAuthn(ORIGIN);
      await kit.signIn();
      await kit.registerPasskey(webauthn);
      await kit.client.sessions.signOut();
      const onSuccess = vi.fn();
      render(
        kit.wrapper(
          <SignInUntilActive accountId={kit.accountId} webauthn={webauthn} onSuccess={onSuccess} />,
        ),
      );
      await user.click(await screen.findByRole('button', { name: en.passkey.signIn }));
      await screen.findByText('Wallet home');
      expect(onSuccess).toHaveBeenCalledTimes(1);
      expect(onSuccess.mock.calls[0]![0]).toMatchObject({ type: 'PASSKEY' });
    });

    it('given SignIn that stays mounted, should call onSuccess once and not again on later renders', async () => {
      const user = userEvent.setup();
      const kit = createKit();
      const onSuccess = vi.fn();
      const { rerender } = render(
        kit.wrapper(<SignIn accountId={kit.accountId} onSuccess={onSuccess} />),
      );
      await user.click(await screen.findByRole('button', { name: en.otp.sendEmail }));
      await user.type(await screen.findByRole('textbox'), '000000');
      await screen.findByText(en.otp.signedIn);
      rerender(kit.wrapper(<SignIn accountId={kit.accountId} onSuccess={onSuccess} />));
      await screen.findByText(en.otp.signedIn);
      expect(onSuccess).toHaveBeenCalledTimes(1);
    });
  });
});
