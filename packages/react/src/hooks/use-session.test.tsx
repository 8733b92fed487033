import { act, cleanup, render, renderHook, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createKit } from '../test/kit.js';
import { useSession } from './use-session.js';

afterEach(cleanup);

function Status() {
  const status = useSession((state) => state.status);
  const accountId = useSession((state) => ('session' in state ? state.session.accountId : ''));
  return (
    <p>
      {status}:{accountId}
    </p>
  );
}

describe('useSession', () => {
  it('given no provider and no client, should throw a message naming the hook and the provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => renderHook(() => useSession())).toThrow(
      /useSession must be used within <WalletAuthProvider> or be given a client/,
    );
  });

  it('given a device that signs in, should move from signedOut to active with the account', async () => {
    const kit = createKit();
    render(kit.wrapper(<Status />));
    await waitFor(() => expect(screen.getByText('signedOut:')).toBeTruthy());
    await act(async () => {
      await kit.signIn();
    });
    expect(screen.getByText(`active:${kit.accountId}`)).toBeTruthy();
  });

  it('given an explicit client, should work without a provider', async () => {
    const kit = createKit();
    const { result } = renderHook(() => useSession(undefined, { client: kit.client }));
    await waitFor(() => expect(result.current.status).toBe('signedOut'));
  });

  it('given a sign-out, should return to signedOut with the reason', async () => {
    const kit = createKit();
    await kit.signIn();
    const { result } = renderHook(() => useSession(undefined, { client: kit.client }));
    expect(result.current.status).toBe('active');
    await act(async () => {
      await kit.client.sessions.signOut();
    });
    expect(result.current).toMatchObject({ status: 'signedOut', reason: 'signedOut' });
  });
});
