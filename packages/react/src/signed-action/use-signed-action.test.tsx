import { act, cleanup, render, renderHook, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setWalletPrivacy } from '@wallet-auth/core';
import { afterEach, describe, expect, it } from 'vitest';
import { SignedActionConfirm } from '../components/signed-action-confirm/signed-action-confirm.js';
import { en } from '../i18n/en.js';
import { createKit } from '../test/kit.js';
import { useSignedAction } from './use-signed-action.js';

afterEach(cleanup);

function usePrivacy(accountId: string) {
  return useSignedAction({
    action: (enabled: boolean, { client, signal, onProgress }) =>
      setWalletPrivacy(client, accountId, enabled, { signal, onProgress }),
  });
}

function Privacy({ accountId }: { accountId: string }) {
  const privacy = usePrivacy(accountId);
  return (
    <>
      <button type="button" onClick={() => privacy.mutate(true)}>
        Make private
      </button>
      <p>{privacy.progress?.kind ?? privacy.status}</p>
      <SignedActionConfirm.Root confirmation={privacy.confirmation} />
    </>
  );
}

describe('useSignedAction', () => {
  it('given an approved privacy change, should stamp after approval and settle through PROCESSING', async () => {
    const user = userEvent.setup();
    const kit = createKit({
      sandbox: { processing: { 'PATCH /internal-accounts/{id}': 1 } },
      timerScale: 0.01,
    });
    await kit.signIn();
    render(kit.wrapper(<Privacy accountId={kit.accountId} />));
    await user.click(screen.getByRole('button', { name: 'Make private' }));
    const confirm = await screen.findByRole('region', { name: en.confirm.title });
    expect(confirm.getAttribute('data-action')).toBe('updatePrivacy');
    // Focus moves in an effect after the region is committed.
    await waitFor(() => expect(document.activeElement).toBe(confirm));
    const signedLegs = () => kit.requests.filter((r) => r.method === 'PATCH').length;
    expect(signedLegs()).toBe(1);
    await user.click(screen.getByRole('button', { name: en.confirm.approve }));
    await screen.findByText('success');
    // Leg 1, the signed leg answered PROCESSING, and its byte-identical resend (docs/protocol.md §11.4).
    expect(signedLegs()).toBe(3);
    const record = kit.sandbox.state.accounts.get(kit.accountId);
    expect(record?.privateEnabled).toBe(true);
  });

  it('UI-05: given an unmount while approval is pending, should abort and stamp nothing', async () => {
    const kit = createKit();
    await kit.signIn();
    const { result, unmount } = renderHook(() => usePrivacy(kit.accountId), {
      wrapper: ({ children }) => kit.wrapper(children),
    });
    act(() => result.current.mutate(true));
    await waitFor(() => expect(result.current.confirmation).toBeDefined());
    unmount();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(kit.requests.filter((r) => r.method === 'PATCH')).toHaveLength(1);
    expect(kit.sandbox.state.accounts.get(kit.accountId)?.privateEnabled).toBe(false);
  });
});
