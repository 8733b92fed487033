import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { preloadWalletAuth } from '@wallet-auth/core';
import { StrictMode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createKit } from '../test/kit.js';
import { useOtpLogin } from './use-otp-login.js';

afterEach(cleanup);

describe('useOtpLogin', () => {
  it('given the emulator code, should sign in and call onSuccess once with the session', async () => {
    const kit = createKit();
    const onSuccess = vi.fn();
    const { result } = renderHook(() => useOtpLogin({ onSuccess }), {
      wrapper: ({ children }) => kit.wrapper(children),
    });
    act(() => result.current.start(kit.emailCredentialId));
    await waitFor(() => expect(result.current.state.status).toBe('awaitingCode'));
    act(() => result.current.submitCode('000000'));
    await waitFor(() => expect(result.current.state.status).toBe('authenticated'));
    expect(onSuccess).toHaveBeenCalledTimes(1);
    expect(onSuccess.mock.calls[0]?.[0]).toMatchObject({
      accountId: kit.accountId,
      type: 'EMAIL_OTP',
    });
  });

  it('UI-04: given a code submitted twice at once, should send one verify request', async () => {
    const kit = createKit();
    const { result } = renderHook(() => useOtpLogin(), {
      wrapper: ({ children }) => kit.wrapper(children),
    });
    act(() => result.current.start(kit.emailCredentialId));
    await waitFor(() => expect(result.current.state.status).toBe('awaitingCode'));
    act(() => {
      result.current.submitCode('000000');
      result.current.submitCode('000000');
    });
    await waitFor(() => expect(result.current.state.status).toBe('authenticated'));
    const legOnes = kit.requests.filter((r: { url: string }) => r.url.endsWith('/verify'));
    // Leg 1 and the signed leg 2 of one exchange, not two exchanges.
    expect(legOnes).toHaveLength(2);
  });

  it('UI-05: given an unmount while the code is being requested, should abort the request and update nothing', async () => {
    const kit = createKit();
    const errors = vi.spyOn(console, 'error');
    const { result, unmount } = renderHook(() => useOtpLogin(), {
      wrapper: ({ children }) => kit.wrapper(children),
    });
    act(() => result.current.start(kit.emailCredentialId));
    expect(result.current.state.status).toBe('requestingCode');
    unmount();
    // Once the effect's code has loaded and run: a request it started is aborted, and one not yet
    // started is never sent (the exchange engine sends nothing for a cancelled call).
    await preloadWalletAuth();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(kit.signals.every((signal: AbortSignal) => signal.aborted)).toBe(true);
    expect(result.current.state.status).toBe('requestingCode');
    expect(errors).not.toHaveBeenCalled();
  });

  it('given StrictMode, should still run the flow after the simulated unmount', async () => {
    const kit = createKit();
    const { result } = renderHook(() => useOtpLogin(), {
      wrapper: ({ children }) => <StrictMode>{kit.wrapper(children)}</StrictMode>,
    });
    act(() => result.current.start(kit.emailCredentialId));
    await waitFor(() => expect(result.current.state.status).toBe('awaitingCode'));
  });

  it('given a wrong code, should return to the code with the attempts left', async () => {
    const kit = createKit();
    const { result } = renderHook(() => useOtpLogin(), {
      wrapper: ({ children }) => kit.wrapper(children),
    });
    act(() => result.current.start(kit.emailCredentialId));
    await waitFor(() => expect(result.current.state.status).toBe('awaitingCode'));
    act(() => result.current.submitCode('123456'));
    await waitFor(() =>
      expect(result.current.state).toMatchObject({
        status: 'awaitingCode',
        problem: { kind: 'wrongCode', attemptsLeft: 4 },
      }),
    );
  });
});
