/**
 * Signing out from `AccountSecurity` (catalogue SES-08): offline, the key is deleted at once but
 * the revoke cannot reach the service, so the page says the session stays valid there until its
 * `expiresAt`; online, the session is revoked and no such sentence appears.
 */

import { onlineManager } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryKeyStore, type KeyStore } from '@wallet-auth/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useCredentials } from '../../hooks/use-credentials.js';
import { en } from '../../i18n/en.js';
import { formatDateTime } from '../../i18n/format.js';
import { fr } from '../../i18n/fr.js';
import { expectNoAxeViolations } from '../../test/axe.js';
import { BASE_URL, createKit } from '../../test/kit.js';
import { createSoftWebAuthn, createUnsupportedWebAuthn } from '../../test/soft-webauthn.js';
import { AccountSecurity } from './account-security.js';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  // Back online for the next test: TanStack Query's online manager heard the `offline` event
  // (and no longer listens once every QueryClient is unmounted).
  onlineManager.setOnline(true);
});

const BASIC = `Basic ${btoa('sandbox-client-id:sandbox-client-secret')}`;

/** The account's active sessions as the service sees them (platform credentials, no kit). */
async function serverSessions(kit: ReturnType<typeof createKit>): Promise<string[]> {
  const response = await kit.sandbox.fetch(
    new Request(`${BASE_URL}/auth/sessions?accountId=${encodeURIComponent(kit.accountId)}`, {
      headers: { Authorization: BASIC },
    }),
  );
  const body = (await response.json()) as { data: { id: string }[] };
  return body.data.map((session) => session.id);
}

function goOffline(kit: ReturnType<typeof createKit>): void {
  kit.network.offline = true;
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  act(() => {
    window.dispatchEvent(new Event('offline'));
  });
}

/** What a sign-in screen reads once the session is gone: the account's methods. */
function CredentialsProbe({ accountId }: { accountId: string }) {
  const credentials = useCredentials({ accountId });
  return (
    <p data-testid="probe">
      {credentials.status}:{credentials.data?.length ?? 0}
    </p>
  );
}

describe('AccountSecurity sign-out (catalogue SES-08)', () => {
  it.each([
    ['en', en],
    ['fr', fr],
  ] as const)(
    'SES-08: given the network down, should sign this device out at once and say (%s) the server session lasts until expiresAt',
    async (_locale, messages) => {
      const kit = createKit();
      const session = await kit.signIn();
      const { container } = render(
        kit.wrapper(<AccountSecurity showExport={false} confirm={false} />, messages),
      );
      const signOut = await screen.findByRole('button', { name: messages.session.signOut });
      goOffline(kit);
      fireEvent.click(signOut);
      const sentence = messages.session.signedOutOffline(
        formatDateTime(session.expiresAt, messages.locale),
      );
      await waitFor(() => expect(container.textContent).toContain(sentence));
      expect(kit.client.sessions.getSnapshot().status).toBe('signedOut');
      expect(await kit.keyStore.load('session')).toBeUndefined();
      // What the sentence claims: the service still holds the session.
      expect(await serverSessions(kit)).toEqual([session.id]);
      await expectNoAxeViolations(container);
    },
  );

  it('SES-08: given the browser reporting online but the service unreachable, should still say the server session lasts until expiresAt', async () => {
    const kit = createKit();
    const session = await kit.signIn();
    const { container } = render(kit.wrapper(<AccountSecurity showExport={false} />));
    const signOut = await screen.findByRole('button', { name: en.session.signOut });
    kit.network.offline = true; // the fetch fails; navigator.onLine stays true
    fireEvent.click(signOut);
    const sentence = en.session.signedOutOffline(formatDateTime(session.expiresAt, en.locale));
    await waitFor(() => expect(container.textContent).toContain(sentence));
    expect(await kit.keyStore.load('session')).toBeUndefined();
    expect(await serverSessions(kit)).toEqual([session.id]);
  });

  it('given the network up, should revoke the session on the service and not mention the server', async () => {
    const kit = createKit();
    await kit.signIn();
    const { container } = render(kit.wrapper(<AccountSecurity showExport={false} />));
    fireEvent.click(await screen.findByRole('button', { name: en.session.signOut }));
    await waitFor(() => expect(container.textContent).toContain(en.accountSecurity.signedOut));
    expect(container.querySelector('[data-signed-out-offline]')).toBeNull();
    expect(await serverSessions(kit)).toEqual([]);
  });
});

describe('AccountSecurity in a browser without passkeys (catalogue PK-17)', () => {
  it('PK-17: given no WebAuthn, should show "Add a passkey" disabled and described by the reason, or leave it out with unsupportedPasskeys="hide"', async () => {
    const kit = createKit();
    await kit.signIn();
    const { unmount } = render(
      kit.wrapper(<AccountSecurity webauthn={createUnsupportedWebAuthn()} />),
    );
    const reason = await screen.findByText(en.passkey.unsupportedAdd);
    const add = screen.getByRole('button', { name: en.passkey.add });
    expect((add as HTMLButtonElement).disabled).toBe(true);
    expect(add.getAttribute('aria-describedby')).toBe(reason.id);
    unmount();

    render(
      kit.wrapper(
        <AccountSecurity webauthn={createUnsupportedWebAuthn()} unsupportedPasskeys="hide" />,
      ),
    );
    expect(await screen.findByRole('button', { name: en.session.signOut })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: en.passkey.add })).toBeNull());
    expect(screen.queryByText(en.passkey.unsupportedAdd)).toBeNull();
  });

  it('given a browser with passkeys, should offer "Add a passkey" without a reason', async () => {
    const kit = createKit();
    await kit.signIn();
    render(kit.wrapper(<AccountSecurity webauthn={createSoftWebAuthn('http://localhost:3000')} />));
    const add = await screen.findByRole('button', { name: en.passkey.add });
    await waitFor(() => expect((add as HTMLButtonElement).disabled).toBe(false));
    expect(add.hasAttribute('aria-describedby')).toBe(false);
    expect(screen.queryByText(en.passkey.unsupportedAdd)).toBeNull();
  });
});

describe('AccountSecurity with a session kept in memory (catalogue KEY-03)', () => {
  it('KEY-03: given a key store that keeps keys in memory (IndexedDB blocked or absent), should say the session ends with the page', async () => {
    const kit = createKit();
    await kit.signIn();
    render(kit.wrapper(<AccountSecurity />));
    const note = await screen.findByText(en.session.notKept);
    expect(note.getAttribute('role')).toBe('note');
  });

  it('given a key store that persists, should not mention it', async () => {
    const memory = createMemoryKeyStore();
    const keyStore: KeyStore = { ...memory, getPersistence: async () => 'indexeddb' };
    const kit = createKit({ client: { keyStore } });
    await kit.signIn(kit.client);
    render(kit.wrapper(<AccountSecurity />));
    expect(await screen.findByRole('button', { name: en.session.signOut })).toBeTruthy();
    expect(screen.queryByText(en.session.notKept)).toBeNull();
  });

  it('SES-21: given a double click on Sign out, should revoke once and leave a sign-in screen that loads (no query left pending)', async () => {
    const kit = createKit();
    await kit.signIn();
    render(
      kit.wrapper(
        <>
          <AccountSecurity showExport={false} confirm={false} />
          <CredentialsProbe accountId={kit.accountId} />
        </>,
      ),
    );
    const signOut = await screen.findByRole('button', { name: en.session.signOut });
    await waitFor(() => expect(screen.getByTestId('probe').textContent).toBe('success:1'));
    const count = kit.requests.length;
    fireEvent.click(signOut);
    fireEvent.click(signOut);
    await screen.findByText(en.accountSecurity.signedOut);
    await waitFor(() => expect(screen.getByTestId('probe').textContent).toBe('success:1'));
    expect(kit.requests.slice(count).filter((request) => request.method === 'DELETE')).toHaveLength(
      2,
    );
    expect(await serverSessions(kit)).toEqual([]);
  });

  it('SES-21: given a read in flight when the sign-out settles, should read it again rather than leave it pending', async () => {
    const kit = createKit();
    await kit.signIn();
    // The first read of the credentials is held open until the kit aborts it.
    let held = 0;
    kit.network.hold = [
      {
        test: (route: string) =>
          route.startsWith('GET') && route.endsWith('/auth/credentials') && held++ === 0,
      } as RegExp,
    ];
    render(
      kit.wrapper(
        <>
          <AccountSecurity showExport={false} confirm={false} />
          <CredentialsProbe accountId={kit.accountId} />
        </>,
      ),
    );
    const signOut = await screen.findByRole('button', { name: en.session.signOut });
    await waitFor(() => expect(held).toBeGreaterThan(0));
    expect(screen.getByTestId('probe').textContent).toBe('pending:0');
    fireEvent.click(signOut);
    await screen.findByText(en.accountSecurity.signedOut);
    await waitFor(() => expect(screen.getByTestId('probe').textContent).toBe('success:1'));
  });
});
