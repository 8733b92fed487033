/**
 * A revoked or expired session must not look signed in, and what the person asked for is kept
 * (issue 21, defect 5; catalogue SES-22, SES-23): the page notices the session's end when it
 * comes into view, and a signed action that failed because the session ended is offered again
 * after signing in, even from a screen mounted anew.
 */
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setWalletPrivacy } from '@wallet-auth/core';
import { afterEach, describe, expect, it } from 'vitest';
import { AccountSecurity } from '../components/account-security/account-security.js';
import { SignedActionConfirm } from '../components/signed-action-confirm/signed-action-confirm.js';
import { useSession } from '../hooks/use-session.js';
import { en } from '../i18n/en.js';
import { createKit } from '../test/kit.js';
import { useSignedAction } from './use-signed-action.js';

afterEach(cleanup);

/** The privacy switch of a wallet screen, keeping its intent under `privacy`. */
function Privacy({ accountId, keep = true }: { accountId: string; keep?: boolean }) {
  const privacy = useSignedAction({
    action: (enabled: boolean, { client, signal, onProgress }) =>
      setWalletPrivacy(client, accountId, enabled, { signal, onProgress }),
    ...(keep ? { intentKey: 'privacy' } : {}),
  });
  return (
    <section aria-label="Privacy">
      <button type="button" onClick={() => privacy.mutate(true)}>
        Make private
      </button>
      <SignedActionConfirm.Root confirmation={privacy.confirmation} />
      {privacy.pendingIntent ? (
        <div role="note">
          Not done: make private = {String(privacy.pendingIntent.variables)} (
          {privacy.pendingIntent.error.code})
          <button type="button" onClick={privacy.repeatIntent}>
            Do it now
          </button>
          <button type="button" onClick={privacy.discardIntent}>
            Dismiss
          </button>
        </div>
      ) : null}
      <p data-testid="status">{privacy.status}</p>
    </section>
  );
}

/** The demo's shape: the wallet screen while signed in, something else otherwise. */
function Screen({ accountId, keep }: { accountId: string; keep?: boolean }) {
  const status = useSession((state) => state.status);
  return status === 'active' ? (
    <Privacy accountId={accountId} {...(keep === undefined ? {} : { keep })} />
  ) : (
    <p>Sign in again</p>
  );
}

async function revokedElsewhere(kit: ReturnType<typeof createKit>) {
  const mine = kit.client.sessions.getSnapshot();
  if (mine.status !== 'active') {
    throw new Error('expected an active session');
  }
  const other = await kit.otherDevice();
  await other.sessions.revokeSession(mine.session.id);
}

describe('a session that ended under the page (SES-22, SES-23)', () => {
  it('SES-22: given the session revoked from another device, should show it signed out as soon as the page comes into view, before any signed action', async () => {
    const kit = createKit();
    await kit.signIn();
    render(kit.wrapper(<AccountSecurity showExport={false} />));
    await screen.findByRole('button', { name: en.session.signOut });
    await revokedElsewhere(kit);
    const signedRequests = kit.requests.length;
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await screen.findByText(en.signIn.revoked);
    // Reads only (the session list, and what TanStack Query refreshes on focus); nothing signed.
    const sent = kit.requests.slice(signedRequests);
    expect(sent.every((request) => request.method === 'GET')).toBe(true);
    expect(sent.some((request) => new URL(request.url).pathname.endsWith('/auth/sessions'))).toBe(
      true,
    );
  });

  it('SES-23: given an approval refused by the service because the session was revoked meanwhile, should offer the same change again after signing in', async () => {
    const user = userEvent.setup();
    const kit = createKit();
    await kit.signIn();
    render(kit.wrapper(<Screen accountId={kit.accountId} />));
    await user.click(await screen.findByRole('button', { name: 'Make private' }));
    const approval = await screen.findByRole('region', { name: en.confirm.title });
    await revokedElsewhere(kit);
    await user.click(approval.querySelector('[data-approve]') as HTMLButtonElement);
    await screen.findByText('Sign in again');
    expect(kit.sandbox.state.accounts.get(kit.accountId)?.privateEnabled).toBe(false);
    await act(async () => {
      await kit.signIn();
    });
    const kept = await screen.findByRole('note');
    expect(kept.textContent).toContain('make private = true');
    expect(kept.textContent).toContain('WALLET_SIGNATURE_INVALID');
    await user.click(screen.getByRole('button', { name: 'Do it now' }));
    const again = await screen.findByRole('region', { name: en.confirm.title });
    await user.click(again.querySelector('[data-approve]') as HTMLButtonElement);
    await waitFor(() =>
      expect(kit.sandbox.state.accounts.get(kit.accountId)?.privateEnabled).toBe(true),
    );
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('SES-23: given the screen replaced by the sign-in while the approval was open (the session noticed gone), should offer the change on the new screen', async () => {
    const user = userEvent.setup();
    const kit = createKit();
    await kit.signIn();
    render(kit.wrapper(<Screen accountId={kit.accountId} />));
    await user.click(await screen.findByRole('button', { name: 'Make private' }));
    await screen.findByRole('region', { name: en.confirm.title });
    await revokedElsewhere(kit);
    act(() => {
      kit.client.sessions.recheck();
    });
    await screen.findByText('Sign in again');
    await act(async () => {
      await kit.signIn();
    });
    const kept = await screen.findByRole('note');
    expect(kept.textContent).toContain('ABORTED');
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('note')).toBeNull();
    // Nothing was signed for the lost approval.
    expect(kit.sandbox.state.accounts.get(kit.accountId)?.privateEnabled).toBe(false);
  });

  it('given the person cancelling with the session active, or no intentKey, should keep nothing', async () => {
    const user = userEvent.setup();
    const kit = createKit();
    await kit.signIn();
    render(kit.wrapper(<Screen accountId={kit.accountId} />));
    await user.click(await screen.findByRole('button', { name: 'Make private' }));
    const approval = await screen.findByRole('region', { name: en.confirm.title });
    await user.click(approval.querySelector('[data-reject]') as HTMLButtonElement);
    await waitFor(() => expect(screen.getByTestId('status').textContent).toBe('error'));
    expect(screen.queryByRole('note')).toBeNull();
    cleanup();

    render(kit.wrapper(<Screen accountId={kit.accountId} keep={false} />));
    await user.click(await screen.findByRole('button', { name: 'Make private' }));
    const second = await screen.findByRole('region', { name: en.confirm.title });
    await revokedElsewhere(kit);
    await user.click(second.querySelector('[data-approve]') as HTMLButtonElement);
    await screen.findByText('Sign in again');
    await act(async () => {
      await kit.signIn();
    });
    await screen.findByRole('button', { name: 'Make private' });
    expect(screen.queryByRole('note')).toBeNull();
  });
});
