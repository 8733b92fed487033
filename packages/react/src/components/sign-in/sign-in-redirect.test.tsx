import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { GetIdToken, IdTokenRequest } from '@wallet-auth/core';
import { mintSandboxIdToken } from '@wallet-auth/sandbox';
import { StrictMode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { en } from '../../i18n/en.js';
import { createKit, type Kit } from '../../test/kit.js';
import { SignIn } from './sign-in.js';

const start = window.location.href;

afterEach(() => {
  cleanup();
  window.history.replaceState(null, '', start);
});

/** A provider that records what it was asked and "navigates away" in redirect mode. */
function redirectingProvider() {
  const asked: IdTokenRequest[] = [];
  const getIdToken: GetIdToken = (request) => {
    asked.push(request);
    return new Promise(() => undefined);
  };
  return { asked, getIdToken };
}

async function signedOutWithOAuth(): Promise<Kit> {
  const kit = createKit();
  await kit.signIn();
  await kit.addOAuth();
  await kit.client.sessions.signOut();
  return kit;
}

/** The provider's answer, as the page's URL carries it after the redirect back. */
async function answerInUrl(kit: Kit, request: IdTokenRequest, nonce = request.nonce) {
  const idToken = await mintSandboxIdToken({
    aud: 'wallet-auth-stories',
    sub: 'ada-google',
    email: 'ada@gmail.com',
    nonce,
    now: kit.serverClock.now() / 1000,
  });
  window.history.replaceState(null, '', `/wallet#id_token=${idToken}&state=${request.state}`);
}

async function leave(kit: Kit, user: ReturnType<typeof userEvent.setup>) {
  const provider = redirectingProvider();
  const { unmount } = render(
    kit.wrapper(
      <SignIn
        accountId={kit.accountId}
        oauthProvider={() => 'Google'}
        oauthMode="redirect"
        getIdToken={provider.getIdToken}
      />,
    ),
  );
  const button = await screen.findByRole('button', { name: en.oauth.continueWith('Google') });
  expect(button.getAttribute('data-mode')).toBe('redirect');
  await user.click(button);
  await screen.findByText(en.oauth.redirecting('Google'));
  await waitFor(() => expect(provider.asked).toHaveLength(1));
  unmount();
  kit.reload();
  return provider.asked[0]!;
}

describe('SignIn: OAuth by redirect', () => {
  it('OIDC-11: given redirect mode, should ask the provider to redirect, then sign in when the page loads with the answer, and clear it from the URL (strict mode)', async () => {
    const user = userEvent.setup();
    const kit = await signedOutWithOAuth();
    const request = await leave(kit, user);
    expect(request).toMatchObject({ mode: 'redirect', purpose: 'signIn' });

    await answerInUrl(kit, request);
    render(
      <StrictMode>
        {kit.wrapper(
          <SignIn
            accountId={kit.accountId}
            oauthProvider={() => 'Google'}
            oauthMode="redirect"
            getIdToken={redirectingProvider().getIdToken}
          />,
        )}
      </StrictMode>,
    );
    await screen.findByText(en.signIn.success);
    expect(kit.client.sessions.getSnapshot()).toMatchObject({
      status: 'active',
      session: { type: 'OAUTH' },
    });
    expect(window.location.hash).toBe('');
    expect(window.location.pathname).toBe('/wallet');
  });

  it('OIDC-16: given the answer replayed after the sign-in, should refuse it in words, with the next step as a button', async () => {
    const user = userEvent.setup();
    const kit = await signedOutWithOAuth();
    const request = await leave(kit, user);
    await answerInUrl(kit, request);
    const first = render(
      kit.wrapper(<SignIn accountId={kit.accountId} oauthProvider={() => 'Google'} />),
    );
    await screen.findByText(en.signIn.success);
    first.unmount();
    await kit.client.sessions.signOut();
    kit.reload();

    await answerInUrl(kit, request);
    render(kit.wrapper(<SignIn accountId={kit.accountId} oauthProvider={() => 'Google'} />));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(en.errors.OAUTH_CALLBACK_INVALID);
    expect(alert.querySelector('[data-reason]')).toBeNull();
    expect(kit.client.sessions.getSnapshot().status).toBe('signedOut');
    await user.click(within(alert).getByRole('button', { name: en.common.retry }));
    // No attempt to start again from: the notice goes, focus is on the methods.
    expect(screen.queryByRole('alert')).toBeNull();
    expect(document.activeElement?.closest('[data-methods]')).toBeTruthy();
  });

  it('OIDC-15: given a popup the browser blocked, should go on by redirect and say where the person is taken', async () => {
    const user = userEvent.setup();
    const kit = await signedOutWithOAuth();
    const asked: IdTokenRequest[] = [];
    const getIdToken: GetIdToken = (request) => {
      asked.push(request);
      return request.mode === 'popup'
        ? Promise.reject(Object.assign(new Error('blocked'), { name: 'PopupBlockedError' }))
        : new Promise(() => undefined);
    };
    render(
      kit.wrapper(
        <SignIn accountId={kit.accountId} oauthProvider={() => 'Google'} getIdToken={getIdToken} />,
      ),
    );
    await user.click(await screen.findByRole('button', { name: en.oauth.continueWith('Google') }));
    await screen.findByText(en.oauth.redirecting('Google'));
    await waitFor(() =>
      expect(asked.map((request) => request.mode)).toEqual(['popup', 'redirect']),
    );
    expect(asked[1]?.state).not.toBe(asked[0]?.state);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
