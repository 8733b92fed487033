import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { WalletAuthError } from '@wallet-auth/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { en } from '../../i18n/en.js';
import { fr } from '../../i18n/fr.js';
import { WalletAuthLocaleProvider } from '../../i18n/locale-provider.js';
import { expectNoAxeViolations } from '../../test/axe.js';
import { createManualClock } from '../../test/kit.js';
import { CountdownNotice } from './countdown-notice.js';
import { ErrorNotice } from './error-notice.js';
import { OfflineNotice } from './offline-notice.js';

afterEach(cleanup);

describe('ErrorNotice', () => {
  it('UI-01: given a server reason with markup, should render it as text and no element', async () => {
    const error = new WalletAuthError('UNAUTHORIZED', 'Authentication failed', {
      reason: '<img src=x onerror="alert(1)">Invalid OTP code',
    });
    const { container } = render(<ErrorNotice error={error} onAction={() => undefined} />);
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByText(/<img src=x/)).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain(en.errors.UNAUTHORIZED);
    await expectNoAxeViolations(container);
  });

  it('UI-07: given a retryable error, should be an alert with a working action button and pass axe', async () => {
    const onAction = vi.fn();
    const { container } = render(
      <ErrorNotice error={new WalletAuthError('NETWORK_ERROR', 'down')} onAction={onAction} />,
    );
    fireEvent.click(screen.getByRole('button', { name: en.actions.checkConnection }));
    expect(onAction).toHaveBeenCalledWith('checkConnection');
    expect(screen.getByRole('alert').getAttribute('data-error-code')).toBe('NETWORK_ERROR');
    await expectNoAxeViolations(container);
  });

  it('UI-23: given an action the caller does not handle, should offer no step as plain text, only the sentence', () => {
    render(
      <WalletAuthLocaleProvider messages={fr}>
        <ErrorNotice
          error={new WalletAuthError('SESSION_EXPIRED', 'x')}
          onAction={() => undefined}
        />
      </WalletAuthLocaleProvider>,
    );
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByRole('alert').textContent).toBe(fr.errors.SESSION_EXPIRED);
    expect(screen.getByRole('alert').textContent).not.toContain(fr.actions.signIn);
  });
});

describe('CountdownNotice', () => {
  it('UI-06: given a Retry-After deadline, should tick each second, announce once, then say it is over', () => {
    const clock = createManualClock();
    render(<CountdownNotice until={clock.now() + 30_000} clock={clock} />);
    const timer = screen.getByRole('timer');
    expect(timer.textContent).toBe(en.rateLimit.wait('30 seconds'));
    const live = document.querySelector('[aria-live="polite"]');
    expect(live?.textContent).toBe(en.rateLimit.wait('30 seconds'));
    act(() => clock.advance(1000));
    expect(timer.textContent).toBe(en.rateLimit.wait('29 seconds'));
    // The live region is not updated every second.
    expect(live?.textContent).toBe(en.rateLimit.wait('30 seconds'));
    act(() => clock.advance(29_000));
    expect(timer.textContent).toBe(en.rateLimit.over);
    expect(live?.textContent).toBe(en.rateLimit.over);
    expect(timer.parentElement?.getAttribute('data-state')).toBe('over');
  });

  it('given an unmount mid-countdown, should leave no timer behind (UI-05)', () => {
    const clock = createManualClock();
    const setTimeoutSpy = vi.spyOn(clock, 'setTimeout');
    const { unmount } = render(<CountdownNotice until={clock.now() + 5000} clock={clock} />);
    const cancel = setTimeoutSpy.mock.results[0]?.value as () => void;
    expect(typeof cancel).toBe('function');
    unmount();
    // Advancing past the deadline fires nothing: the pending tick was cancelled.
    const before = setTimeoutSpy.mock.calls.length;
    clock.advance(10_000);
    expect(setTimeoutSpy.mock.calls.length).toBe(before);
  });
});

describe('OfflineNotice', () => {
  it('given the browser going offline and back, should say so in a status region', () => {
    let online = true;
    const spy = vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
    render(<OfflineNotice />);
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('');
    act(() => {
      online = false;
      window.dispatchEvent(new Event('offline'));
    });
    expect(status.textContent).toBe(en.common.offline);
    expect(status.getAttribute('data-state')).toBe('offline');
    act(() => {
      online = true;
      window.dispatchEvent(new Event('online'));
    });
    expect(status.textContent).toBe('');
    spy.mockRestore();
  });
});
