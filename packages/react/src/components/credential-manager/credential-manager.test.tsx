import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { en } from '../../i18n/en.js';
import { expectNoAxeViolations } from '../../test/axe.js';
import { createKit } from '../../test/kit.js';
import { createSoftWebAuthn } from '../../test/soft-webauthn.js';
import { deviceLabel } from '../session-list/describe-device.js';
import { CredentialManager } from './credential-manager.js';

afterEach(cleanup);

const ORIGIN = 'http://localhost:3000';

function Manager(props: { webauthn?: ReturnType<typeof createSoftWebAuthn> }) {
  return (
    <CredentialManager.Root {...(props.webauthn ? { webauthn: props.webauthn } : {})}>
      <CredentialManager.List />
      <CredentialManager.AddPasskeyButton nickname="YubiKey" />
      <CredentialManager.Status />
      <CredentialManager.Confirm />
    </CredentialManager.Root>
  );
}

describe('CredentialManager', () => {
  it('SES-07: given the only credential, should disable its removal and say why, passing axe', async () => {
    const kit = createKit();
    await kit.signIn();
    const { container } = render(kit.wrapper(<Manager />));
    const remove = await screen.findByRole('button', {
      name: en.credentials.remove('ada@example.com'),
    });
    expect((remove as HTMLButtonElement).disabled).toBe(true);
    const hint = document.getElementById(remove.getAttribute('aria-describedby') ?? '');
    expect(hint?.textContent).toBe(en.credentials.lastOne);
    await expectNoAxeViolations(container);
  });

  it('given a passkey added after approving the exact payload, should list it and allow removing the email then', async () => {
    const user = userEvent.setup();
    const kit = createKit();
    await kit.signIn();
    render(kit.wrapper(<Manager webauthn={createSoftWebAuthn(ORIGIN)} />));
    await user.click(await screen.findByRole('button', { name: en.passkey.add }));
    // The confirmation names what the payload authorises before anything is stamped.
    const confirm = await screen.findByRole('region', { name: en.confirm.title });
    expect(confirm.textContent).toContain(en.confirm.actions.addCredential);
    expect(confirm.getAttribute('data-action')).toBe('addCredential');
    await user.click(within(confirm).getByRole('button', { name: en.confirm.approve }));
    await screen.findByText(en.passkey.added);
    const list = screen.getByRole('list', { name: en.credentials.title });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    // The email credential issued this session: it stays locked, the passkey is removable.
    const emailRow = within(list)
      .getAllByRole('listitem')
      .find((item) => item.dataset.type === 'EMAIL_OTP');
    expect(emailRow?.hasAttribute('data-current')).toBe(true);
    const removeEmail = within(emailRow!).getByRole('button') as HTMLButtonElement;
    expect(removeEmail.disabled).toBe(true);
    expect(
      document.getElementById(removeEmail.getAttribute('aria-describedby')!)?.textContent,
    ).toBe(en.credentials.inUseHint);
    expect(
      (screen.getByRole('button', { name: en.credentials.remove('YubiKey') }) as HTMLButtonElement)
        .disabled,
    ).toBe(false);
  });

  it('given a removal the person refuses, should stamp nothing and keep the credential', async () => {
    const user = userEvent.setup();
    const kit = createKit();
    await kit.signIn();
    await kit.registerPasskey(createSoftWebAuthn(ORIGIN), 'YubiKey');
    render(kit.wrapper(<Manager />));
    await user.click(await screen.findByRole('button', { name: en.credentials.remove('YubiKey') }));
    const confirm = await screen.findByRole('region', { name: en.confirm.title });
    expect(confirm.textContent).toContain(en.confirm.actions.removeCredential);
    const before = kit.requests.length;
    await user.click(within(confirm).getByRole('button', { name: en.confirm.reject }));
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: en.confirm.title })).toBeNull(),
    );
    // No signed leg was sent after the refusal.
    expect(kit.requests.slice(before).some((request) => request.method === 'DELETE')).toBe(false);
    expect(screen.getByRole('button', { name: en.credentials.remove('YubiKey') })).toBeTruthy();
  });

  it('given an approved removal, should remove the passkey from the list', async () => {
    const user = userEvent.setup();
    const kit = createKit();
    await kit.signIn();
    await kit.registerPasskey(createSoftWebAuthn(ORIGIN), 'YubiKey');
    render(kit.wrapper(<Manager />));
    await user.click(await screen.findByRole('button', { name: en.credentials.remove('YubiKey') }));
    await user.click(await screen.findByRole('button', { name: en.confirm.approve }));
    // The button leaves as soon as the removal starts; the service settles a moment later.
    await waitFor(async () => {
      const { data } = await kit.client.api.listCredentials(kit.accountId);
      expect(data.map((credential) => credential.type)).toEqual(['EMAIL_OTP']);
    });
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: en.credentials.remove('YubiKey') })).toBeNull(),
    );
  });

  it('UI-24: given a passkey added without a nickname, should name it after this device; one named "Passkey" reads "Passkey" once', async () => {
    const user = userEvent.setup();
    const kit = createKit();
    await kit.signIn();
    await kit.registerPasskey(createSoftWebAuthn(ORIGIN), 'Passkey');
    render(
      kit.wrapper(
        <CredentialManager.Root webauthn={createSoftWebAuthn(ORIGIN)} confirm={false}>
          <CredentialManager.List />
          <CredentialManager.AddPasskeyButton />
          <CredentialManager.Status />
        </CredentialManager.Root>,
      ),
    );
    const list = await screen.findByRole('list');
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    const plain = within(list)
      .getAllByRole('listitem')
      .find((item) => item.getAttribute('data-type') === 'PASSKEY')!;
    expect(plain.textContent).not.toContain('Passkey · Passkey');
    expect(plain.textContent?.match(/Passkey/g)?.length).toBe(2); // the name, and "Remove Passkey"
    expect(plain.querySelector('[data-credential-type]')).toBeNull();
    await user.click(screen.getByRole('button', { name: en.passkey.add }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(3));
    const named = within(list)
      .getAllByRole('listitem')
      .filter((item) => item.getAttribute('data-type') === 'PASSKEY')
      .find((item) => item.querySelector('[data-credential-type]') !== null)!;
    expect(named.querySelector('[data-credential-name]')?.textContent).toBe(deviceLabel(en));
  });
});
