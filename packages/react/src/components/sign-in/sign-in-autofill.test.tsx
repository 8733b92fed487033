import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { en } from '../../i18n/en.js';
import { expectNoAxeViolations } from '../../test/axe.js';
import { createKit, type Kit } from '../../test/kit.js';
import { createAutofillWebAuthn, createSoftWebAuthn } from '../../test/soft-webauthn.js';
import { SignIn } from './sign-in.js';

afterEach(cleanup);

const ORIGIN = 'http://localhost:3000';

/** A signed-out account with a passkey on a software authenticator that also offers autofill. */
async function withPasskey(kit: Kit = createKit()) {
  const autofill = createAutofillWebAuthn(ORIGIN);
  await kit.signIn();
  const passkey = await kit.registerPasskey(autofill.port);
  await kit.client.sessions.signOut();
  return { kit, autofill, passkey };
}

const challenges = (kit: Kit) =>
  kit.requests.filter((request) => request.url.endsWith('/challenge')).length;

describe('SignIn: autofill', () => {
  it('PK-18: given a browser with passkey autofill, should offer the passkey in a username-webauthn field and sign in when it is picked, with the button still there', async () => {
    const { kit, autofill } = await withPasskey();
    const { container } = render(
      kit.wrapper(<SignIn accountId={kit.accountId} webauthn={autofill.port} />),
    );
    const field = await screen.findByRole('textbox', { name: en.passkey.autofillLabel });
    expect(field.getAttribute('autocomplete')).toBe('username webauthn');
    await waitFor(() => expect(autofill.conditional).toHaveLength(1));
    // The request names the challenged passkey; the browser lists the site's passkeys anyway.
    expect(autofill.conditional[0]?.options.allowCredentials).toHaveLength(1);
    const button = screen.getByRole('button', { name: en.passkey.signIn });
    expect(button.getAttribute('data-state')).toBe('idle');
    expect(button.hasAttribute('aria-busy')).toBe(false);
    await expectNoAxeViolations(container);

    await act(() => autofill.pick());
    await screen.findByText(en.signIn.success);
    expect(kit.client.sessions.getSnapshot()).toMatchObject({
      status: 'active',
      session: { type: 'PASSKEY' },
    });
  });

  it('PK-18: given the browser declining autofill, should stay silent and keep the button working', async () => {
    const user = userEvent.setup();
    const { kit, autofill } = await withPasskey();
    render(kit.wrapper(<SignIn accountId={kit.accountId} webauthn={autofill.port} />));
    await waitFor(() => expect(autofill.conditional).toHaveLength(1));
    act(() => autofill.decline());
    await waitFor(() =>
      expect(
        screen.getByRole('button', { name: en.passkey.signIn }).getAttribute('data-state'),
      ).toBe('idle'),
    );
    expect(screen.queryByRole('alert')).toBeNull();
    expect(document.querySelector('[data-flow-notice] [role="status"]')?.textContent).toBe('');
    await user.click(screen.getByRole('button', { name: en.passkey.signIn }));
    await screen.findByText(en.signIn.success);
  });

  it('PK-18: given a click while the autofill waits, should close it and prompt on the same challenge, asking the service for no other', async () => {
    const user = userEvent.setup();
    const { kit, autofill } = await withPasskey();
    render(kit.wrapper(<SignIn accountId={kit.accountId} webauthn={autofill.port} />));
    await waitFor(() => expect(autofill.conditional).toHaveLength(1));
    const before = challenges(kit);
    await user.click(screen.getByRole('button', { name: en.passkey.signIn }));
    await screen.findByText(en.signIn.success);
    expect(autofill.conditional[0]?.signal?.aborted).toBe(true);
    expect(challenges(kit)).toBe(before);
  });

  it("PK-18: given another account's passkey picked from autofill, should say so in words and send nothing to verify", async () => {
    const kit = createKit();
    const { autofill } = await withPasskey(kit);
    // Another account of the same site keeps a passkey on the same authenticator: autofill lists it.
    const stranger = createKit({ email: 'eve@example.com' });
    await stranger.signIn();
    const foreign = await stranger.registerPasskey(autofill.port, 'Somebody else');
    const verifies = () => kit.requests.filter((request) => request.url.endsWith('/verify')).length;
    const before = verifies();
    render(kit.wrapper(<SignIn accountId={kit.accountId} webauthn={autofill.port} />));
    await waitFor(() => expect(autofill.conditional).toHaveLength(1));
    await act(() => autofill.pick(foreign.credentialId));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(en.passkey.otherAccount);
    expect(alert.getAttribute('data-error-case')).toBe('passkeyOtherAccount');
    expect(verifies()).toBe(before);
    expect(screen.getByRole('button', { name: en.passkey.signIn })).toBeTruthy();
  });

  it('PK-18: given a browser without autofill, should show no field and ask for no challenge before a click', async () => {
    const kit = createKit();
    const webauthn = createSoftWebAuthn(ORIGIN);
    await kit.signIn();
    await kit.registerPasskey(webauthn);
    await kit.client.sessions.signOut();
    const before = challenges(kit);
    render(kit.wrapper(<SignIn accountId={kit.accountId} webauthn={webauthn} />));
    await screen.findByRole('button', { name: en.passkey.signIn });
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(challenges(kit)).toBe(before);
  });
});

describe('SignIn: one-time codes from the platform', () => {
  it('UI-16: given the code field, should carry autocomplete="one-time-code" and a numeric keyboard', async () => {
    const user = userEvent.setup();
    const kit = createKit();
    render(kit.wrapper(<SignIn accountId={kit.accountId} />));
    await user.click(await screen.findByRole('button', { name: en.otp.sendEmail }));
    const field = await screen.findByRole('textbox');
    expect(field.getAttribute('autocomplete')).toBe('one-time-code');
    expect(field.getAttribute('inputmode')).toBe('numeric');
  });

  it('UI-16: given a text-message code and WebOTP, should read the code from the SMS and sign in without typing; going back aborts the read', async () => {
    const user = userEvent.setup();
    const kit = createKit({ phoneNumber: '+15555550123' });
    const reads: AbortSignal[] = [];
    let deliver: (code: string) => void = () => undefined;
    const readSmsCode = (signal: AbortSignal) => {
      reads.push(signal);
      return new Promise<string | null>((resolve) => {
        deliver = resolve;
        signal.addEventListener('abort', () => resolve(null));
      });
    };
    render(kit.wrapper(<SignIn accountId={kit.accountId} readSmsCode={readSmsCode} />));
    await user.click(await screen.findByRole('button', { name: en.otp.sendSms }));
    await screen.findByRole('textbox');
    await waitFor(() => expect(reads).toHaveLength(1));
    // Back to the methods: the read ends with the step.
    await user.click(screen.getByRole('button', { name: en.otp.useAnotherCode }));
    expect(reads[0]?.aborted).toBe(true);

    await user.click(screen.getByRole('button', { name: en.otp.sendSms }));
    await waitFor(() => expect(reads).toHaveLength(2));
    act(() => deliver('000000'));
    await screen.findByText(en.otp.signedIn);
    expect(reads[1]?.aborted).toBe(true);
  });

  it('UI-16: given an e-mail code, should not ask WebOTP (text messages only)', async () => {
    const user = userEvent.setup();
    const kit = createKit();
    const reads: AbortSignal[] = [];
    render(
      kit.wrapper(
        <SignIn
          accountId={kit.accountId}
          readSmsCode={(signal) => {
            reads.push(signal);
            return Promise.resolve(null);
          }}
        />,
      ),
    );
    await user.click(await screen.findByRole('button', { name: en.otp.sendEmail }));
    await screen.findByRole('textbox');
    expect(reads).toHaveLength(0);
  });
});
