import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { de } from '../../i18n/de.js';
import type { WalletAuthMessages } from '../../i18n/en.js';
import { en } from '../../i18n/en.js';
import { es } from '../../i18n/es.js';
import { fr } from '../../i18n/fr.js';
import { ja } from '../../i18n/ja.js';
import { ptBR } from '../../i18n/pt-br.js';
import { lightAndDark } from '../../storybook/light-and-dark.js';
import {
  type EmulatorArgs,
  emulatorArgs,
  emulatorArgTypes,
  goOffline,
  KitProviders,
  loadKit,
  storyKit,
} from '../../storybook/story-kit.js';
import { SignIn, type SignInProps, type WalletAuthTheme } from './sign-in.js';

type Args = SignInProps & EmulatorArgs;

/**
 * The assembled sign-in. It lists the account's own sign-in methods — this device's passkey
 * first, then linked accounts (OAuth), then codes by email or text — and walks the person
 * through each, saying in plain words what is happening and what to do when something goes
 * wrong. Every story runs against the emulator inside this page; the "Emulator" controls
 * change its behaviour (PROCESSING answers, rate limits, session lifetime).
 */
const meta = {
  title: 'Assembled/SignIn',
  component: SignIn,
  loaders: [loadKit],
  parameters: { themeScope: false },
  args: {
    ...emulatorArgs,
    accountId: '',
    onSuccess: fn(),
    resendCooldownSeconds: 30,
    codeLength: 6,
  },
  argTypes: emulatorArgTypes,
  render: (
    {
      emulatorProcessing: _p,
      emulatorChallengesPerWindow: _c,
      emulatorVerifyFailuresBeforeLock: _v,
      emulatorSessionLifetimeSeconds: _s,
      ...args
    },
    context,
  ) => {
    const kit = storyKit(context);
    return (
      <KitProviders kit={kit}>
        <SignIn
          {...args}
          accountId={kit.accountId}
          webauthn={kit.webauthn}
          getIdToken={kit.getIdToken}
          oauthProvider={() => 'Google'}
          theme={context.globals.theme as WalletAuthTheme}
        />
      </KitProviders>
    );
  },
} satisfies Meta<Args>;

export default meta;
type Story = StoryObj<typeof meta>;

const sendEmail = async (canvasElement: HTMLElement) => {
  const canvas = within(canvasElement);
  await userEvent.click(await canvas.findByRole('button', { name: en.otp.sendEmail }));
  return canvas;
};

/** A new account: its only method is a code sent by email. */
export const EmailCodeOnly: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('button', { name: en.otp.sendEmail })).toBeEnabled();
  },
};

/** This device's passkey first, then the linked Google account, then the email code. */
export const AllMethods: Story = {
  parameters: { kit: { passkey: true, oauth: true } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('button', { name: en.passkey.signIn });
    const items = canvas.getAllByRole('listitem').map((item) => item.dataset.type);
    await expect(items).toEqual(['PASSKEY', 'OAUTH', 'EMAIL_OTP']);
  },
};

/** Sending: the code request is on its way. */
export const SendingCode: Story = {
  parameters: { kit: { hold: [/\/challenge$/] } },
  play: async ({ canvasElement }) => {
    const canvas = await sendEmail(canvasElement);
    await expect(await canvas.findByText(en.otp.sending('ada@example.com'))).toBeVisible();
  },
};

/** Awaiting the code: one field takes typing, paste and the phone's code autofill. */
export const AwaitingCode: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await sendEmail(canvasElement);
    const input = await canvas.findByRole('textbox');
    await expect(input).toHaveAttribute('autocomplete', 'one-time-code');
    await expect(input).toHaveAttribute('inputmode', 'numeric');
    await expect(canvas.getByRole('timer')).toHaveTextContent(/new code in/);
  },
};

/** Typing the code signs in; the code is never sent in clear. */
export const TypeTheCode: Story = {
  play: async ({ canvasElement, args, loaded }) => {
    const canvas = await sendEmail(canvasElement);
    await userEvent.type(await canvas.findByRole('textbox'), '000000');
    await expect(await canvas.findByText(en.otp.signedIn)).toBeVisible();
    await expect(args.onSuccess).toHaveBeenCalledTimes(1);
    const kit = storyKit({ loaded });
    await expect(kit.requests.some((request) => request.body.includes('000000'))).toBe(false);
  },
};

/** Pasting "000 000" fills the whole code and submits it. */
export const PasteTheCode: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await sendEmail(canvasElement);
    await userEvent.click(await canvas.findByRole('textbox'));
    await userEvent.paste('000 000');
    await expect(await canvas.findByText(en.otp.signedIn)).toBeVisible();
  },
};

/** Verifying: the code is being checked. */
export const Verifying: Story = {
  parameters: { kit: { hold: [/\/verify$/] } },
  play: async ({ canvasElement }) => {
    const canvas = await sendEmail(canvasElement);
    await userEvent.type(await canvas.findByRole('textbox'), '000000');
    await expect(await canvas.findByText(en.otp.verifying)).toBeVisible();
    // Read-only, not disabled: the field keeps focus for the next code (UI-13).
    await expect(canvas.getByRole('textbox')).toHaveAttribute('readonly');
    await expect(canvas.getByRole('textbox')).toHaveFocus();
  },
};

/** Still settling: the service answered PROCESSING; the kit resends until it settles. */
export const StillSettling: Story = {
  args: { emulatorProcessing: 1 },
  play: async ({ canvasElement }) => {
    const canvas = await sendEmail(canvasElement);
    await userEvent.type(await canvas.findByRole('textbox'), '000000');
    await expect(await canvas.findByText(en.common.processing)).toBeVisible();
    await expect(
      await canvas.findByText(en.otp.signedIn, undefined, { timeout: 5000 }),
    ).toBeVisible();
  },
};

/** A wrong code: the field is marked and the attempts left are given. */
export const WrongCode: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await sendEmail(canvasElement);
    await userEvent.type(await canvas.findByRole('textbox'), '123456');
    await expect(await canvas.findByRole('alert')).toHaveTextContent(en.otp.wrongCode(4));
    await expect(canvas.getByRole('textbox')).toHaveAttribute('aria-invalid', 'true');
  },
};

/** The code expired before it was typed: ask for a new one. */
export const CodeExpired: Story = {
  parameters: { kit: { otpLifetimeSeconds: 60 } },
  play: async ({ canvasElement, loaded }) => {
    const canvas = await sendEmail(canvasElement);
    const input = await canvas.findByRole('textbox');
    storyKit({ loaded }).serverClock.offset = 61_000;
    await userEvent.type(input, '000000');
    await expect(await canvas.findByRole('alert')).toHaveTextContent(en.otp.codeExpired);
  },
};

/** Rate limited: a live countdown from Retry-After; retrying waits until it ends. */
export const RateLimited: Story = {
  args: { emulatorChallengesPerWindow: 1, resendCooldownSeconds: 0 },
  play: async ({ canvasElement }) => {
    const canvas = await sendEmail(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: en.otp.resend }));
    await expect(await canvas.findByRole('timer')).toHaveTextContent(/Too many attempts/);
    await expect(canvas.getByRole('button', { name: en.common.retry })).toBeDisabled();
  },
};

/** Locked after wrong codes: the service answers 429 on the next code too. */
export const LockedAfterWrongCodes: Story = {
  args: { emulatorVerifyFailuresBeforeLock: 1 },
  play: async ({ canvasElement }) => {
    const canvas = await sendEmail(canvasElement);
    await userEvent.type(await canvas.findByRole('textbox'), '123456');
    await canvas.findByRole('alert');
    await userEvent.type(canvas.getByRole('textbox'), '000000');
    await expect(await canvas.findByRole('timer')).toHaveTextContent(/Too many attempts/);
  },
};

/** Signing in with this device's passkey (a software authenticator stands in for the browser's). */
export const PasskeySignIn: Story = {
  parameters: { kit: { passkey: true } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: en.passkey.signIn }));
    await expect(await canvas.findByText(en.signIn.success)).toBeVisible();
    await expect(args.onSuccess).toHaveBeenCalledTimes(1);
  },
};

/** Waiting for the passkey: the browser's prompt is open. */
export const PasskeyPrompt: Story = {
  parameters: { kit: { passkey: true, webauthn: 'pending' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const button = await canvas.findByRole('button', { name: en.passkey.signIn });
    await userEvent.click(button);
    await waitFor(() => expect(button).toHaveAttribute('aria-busy', 'true'));
    // The button keeps its label; the status line says the progress once (UI-15).
    await expect(button).toHaveTextContent(en.passkey.signIn);
    await expect(
      canvasElement.querySelector('[data-flow-notice] [role="status"]'),
    ).toHaveTextContent(en.passkey.pending);
  },
};

/**
 * The prompt ended without a passkey. Browsers report a closed prompt and a passkey that is not on
 * this device alike, so for a passkey this device has not used the message covers both (PK-19),
 * with "Try again" and "Use another method" as buttons.
 */
export const PasskeyCancelled: Story = {
  parameters: { kit: { passkey: true, webauthn: 'cancel' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const button = await canvas.findByRole('button', { name: en.passkey.signIn });
    await userEvent.click(button);
    await expect(await canvas.findByText(en.passkey.notOnDevice)).toBeVisible();
    await expect(canvas.getByRole('button', { name: en.common.retry })).toBeVisible();
    await expect(canvas.getByRole('button', { name: en.actions.useAnotherMethod })).toBeVisible();
    await expect(button).toBeEnabled();
  },
};

/** This browser cannot use passkeys: the passkey is disabled and the other methods remain. */
export const PasskeyUnsupported: Story = {
  parameters: { kit: { passkey: true, webauthn: 'unsupported' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(en.passkey.unsupported)).toBeVisible();
    await expect(canvas.getByRole('button', { name: en.passkey.signIn })).toBeDisabled();
    await expect(canvas.getByRole('button', { name: en.otp.sendEmail })).toBeEnabled();
  },
};

/** Signing in with the linked Google account (the emulator accepts its sandbox ID token). */
export const OAuthSignIn: Story = {
  parameters: { kit: { oauth: true } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(
      await canvas.findByRole('button', { name: en.oauth.continueWith('Google') }),
    );
    await expect(await canvas.findByText(en.signIn.success)).toBeVisible();
  },
};

/**
 * The account's passkey offered in the browser's autofill too (conditional mediation, a field
 * with `autocomplete="username webauthn"`): picking it signs in, and the button stays for people
 * who prefer it. Declined or unsupported autofill is silent.
 */
export const PasskeyAutofill: Story = {
  parameters: { kit: { passkey: true, webauthn: 'autofill' } },
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    const field = await canvas.findByRole('textbox', { name: en.passkey.autofillLabel });
    await expect(field).toHaveAttribute('autocomplete', 'username webauthn');
    await expect(canvas.getByRole('button', { name: en.passkey.signIn })).toBeEnabled();
    const autofill = storyKit({ loaded }).autofill;
    await waitFor(() => expect(autofill?.conditional.length).toBe(1));
    await autofill?.pick();
    await expect(await canvas.findByText(en.signIn.success)).toBeVisible();
  },
};

/** OAuth in this tab (redirect mode, chosen by the integrator): the page says where it goes. */
export const OAuthRedirect: Story = {
  args: { oauthMode: 'redirect' },
  parameters: { kit: { oauth: true, identityProvider: 'redirect' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(
      await canvas.findByRole('button', { name: en.oauth.continueWith('Google') }),
    );
    await expect(await canvas.findByText(en.oauth.redirecting('Google'))).toBeVisible();
  },
};

/** The browser blocked the provider's popup: the sign-in goes on by redirect instead. */
export const OAuthPopupBlocked: Story = {
  parameters: { kit: { oauth: true, identityProvider: 'popupBlocked' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(
      await canvas.findByRole('button', { name: en.oauth.continueWith('Google') }),
    );
    await expect(await canvas.findByText(en.oauth.redirecting('Google'))).toBeVisible();
  },
};

/** The person signed in at the provider with another account than the linked one. */
export const OAuthOtherIdentity: Story = {
  parameters: { kit: { oauth: true, identityProvider: 'otherIdentity' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(
      await canvas.findByRole('button', { name: en.oauth.continueWith('Google') }),
    );
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent(en.errorCases.oauthIdentityMismatch);
    await expect(
      within(alert).getByRole('button', { name: en.actions.useAnotherMethod }),
    ).toBeVisible();
  },
};

/** The session expired: say so, then sign in again (re-authentication). */
export const SessionExpired: Story = {
  parameters: { kit: { session: 'expired' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(en.signIn.expired)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: en.otp.sendEmail }));
    await userEvent.type(await canvas.findByRole('textbox'), '000000');
    await expect(await canvas.findByText(en.otp.signedIn)).toBeVisible();
  },
};

/** The key is missing on this device (site data cleared): sign in again. */
export const KeyMissing: Story = {
  parameters: { kit: { session: 'keyMissing' } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText(en.signIn.keyMissing)).toBeVisible();
  },
};

/** Signed out from another device. */
export const RevokedElsewhere: Story = {
  parameters: { kit: { session: 'revoked' } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText(en.signIn.revoked)).toBeVisible();
  },
};

/** Offline: the page says so, and a request that cannot leave explains the next step. */
export const Offline: Story = {
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('button', { name: en.otp.sendEmail });
    const restore = goOffline(storyKit({ loaded }));
    try {
      await expect(await canvas.findByText(en.common.offline)).toBeVisible();
      await userEvent.click(canvas.getByRole('button', { name: en.otp.sendEmail }));
      const alert = await canvas.findByRole('alert');
      await expect(alert).toHaveTextContent(en.errors.NETWORK_ERROR);
      await expect(
        within(alert).getByRole('button', { name: en.actions.checkConnection }),
      ).toBeVisible();
    } finally {
      restore();
    }
  },
};

/** The same sign-in in French, with the code step. */
export const InFrench: Story = {
  globals: { locale: 'fr' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: fr.otp.sendEmail }));
    await userEvent.type(await canvas.findByRole('textbox'), '123456');
    await expect(await canvas.findByRole('alert')).toHaveTextContent(fr.otp.wrongCode(4));
  },
};

/** The code step in another language: its words, its plural rules. */
function inLanguage(messages: WalletAuthMessages): Story {
  return {
    globals: { locale: messages.locale },
    play: async ({ canvasElement }) => {
      const canvas = within(canvasElement);
      await expect(
        await canvas.findByRole('heading', { name: messages.signIn.title }),
      ).toBeVisible();
      await userEvent.click(await canvas.findByRole('button', { name: messages.otp.sendEmail }));
      await userEvent.type(await canvas.findByRole('textbox'), '123456');
      await expect(await canvas.findByRole('alert')).toHaveTextContent(messages.otp.wrongCode(4));
    },
  };
}

/** Spanish. */
export const InSpanish: Story = inLanguage(es);

/** German. */
export const InGerman: Story = inLanguage(de);

/** Brazilian Portuguese. */
export const InBrazilianPortuguese: Story = inLanguage(ptBR);

/** Japanese (one plural form). */
export const InJapanese: Story = inLanguage(ja);

/** The dark theme of the opt-in stylesheet. */
export const DarkTheme: Story = {
  globals: { theme: 'dark' },
  parameters: { kit: { passkey: true, oauth: true } },
  play: async ({ canvasElement }) => {
    const section = await within(canvasElement).findByRole('region', { name: en.signIn.title });
    await expect(section).toHaveAttribute('data-theme', 'dark');
    await waitFor(() => expect(within(section).getAllByRole('listitem')).toHaveLength(3));
  },
};

/** The light and the dark theme side by side (both checked by axe). */
export const LightAndDark: Story = {
  ...lightAndDark,
  parameters: { ...lightAndDark.parameters, kit: { passkey: true, oauth: true } },
};
