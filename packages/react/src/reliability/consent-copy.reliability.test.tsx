/**
 * Reliability catalogue UI-09: the consent copy of a signed action (what the session key is about
 * to authorise) comes from the payload and cannot be reworded or hidden through the theming
 * surface a host app has (className, style, theme props, children of the summary).
 */
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SignedActionConfirm } from '../components/signed-action-confirm/signed-action-confirm.js';
import { en } from '../i18n/en.js';
import { describeActivity } from '../signed-action/describe-activity.js';
import type { PendingConfirmation } from '../signed-action/use-stamp-confirmation.js';

afterEach(cleanup);

const exportPayload = JSON.stringify({
  organizationId: 'org',
  parameters: { targetPublicKey: `04${'ab'.repeat(64)}`, walletId: 'w' },
  timestampMs: '1768478400000',
  type: 'ACTIVITY_TYPE_EXPORT_WALLET',
});

function pending(payloadToSign: string): PendingConfirmation {
  return {
    payloadToSign,
    activity: describeActivity(payloadToSign),
    approve: vi.fn(),
    reject: vi.fn(),
  };
}

/** True when the element or an ancestor is hidden by attribute or inline style. */
function hiddenByProps(element: HTMLElement | null): boolean {
  for (let node = element; node !== null; node = node.parentElement) {
    const style = node.style;
    if (
      node.hidden ||
      node.getAttribute('aria-hidden') === 'true' ||
      style.display === 'none' ||
      style.visibility === 'hidden' ||
      style.opacity === '0' ||
      style.clipPath !== ''
    ) {
      return true;
    }
  }
  return false;
}

describe('consent copy of a signed action (catalogue UI-09)', () => {
  it('UI-09: given a host className, inline theme style and a summary with smuggled children, should still state the payload’s own action', () => {
    const confirmation = pending(exportPayload);
    render(
      <SignedActionConfirm.Root
        confirmation={confirmation}
        className="host-theme"
        style={{ color: 'rebeccapurple', padding: 4 }}
      >
        <SignedActionConfirm.Title />
        <SignedActionConfirm.Summary
          className="host-summary"
          {...({ children: 'Approve to claim your free reward' } as object)}
        />
        <SignedActionConfirm.ApproveButton />
      </SignedActionConfirm.Root>,
    );
    const region = screen.getByRole('region', { name: en.confirm.title });
    expect(region).toHaveProperty('className', 'host-theme');
    expect(region.textContent).toContain(en.confirm.actions.exportWallet);
    expect(region.textContent).not.toContain('free reward');
    const summary = region.querySelector('[data-summary]') as HTMLElement;
    expect(summary.textContent).toContain(en.confirm.actions.exportWallet);
    expect(region.getAttribute('aria-describedby')).toBe(summary.id);
  });

  it('UI-09: given a payment payload while the app claims a harmless action, should show what the payload authorises', () => {
    const payment = JSON.stringify({
      organizationId: 'org',
      parameters: {},
      timestampMs: '1',
      type: 'ACTIVITY_TYPE_SIGN_TRANSACTION_V2',
    });
    render(
      <SignedActionConfirm.Root confirmation={pending(payment)} aria-label="Refresh your session">
        <SignedActionConfirm.Summary />
      </SignedActionConfirm.Root>,
    );
    const summary = document.querySelector('[data-summary]') as HTMLElement;
    expect(summary.textContent).toContain(en.confirm.actions.transfer);
    expect(summary.textContent).not.toContain(en.confirm.actions.refreshSession);
  });

  it.fails('UI-09 (known gap): given theme props that hide the summary (hidden, style display:none, aria-hidden), approving should not be possible while the consent copy is hidden', () => {
    const confirmation = pending(exportPayload);
    render(
      <SignedActionConfirm.Root confirmation={confirmation}>
        <SignedActionConfirm.Summary hidden style={{ display: 'none' }} aria-hidden="true" />
        <SignedActionConfirm.ApproveButton />
      </SignedActionConfirm.Root>,
    );
    const region = screen.getByRole('region', { hidden: true });
    const summary = region.querySelector('[data-summary]') as HTMLElement;
    fireEvent.click(within(region).getByRole('button', { name: en.confirm.approve }));
    // Either the copy stays visible, or Approve refuses while it is not.
    expect(hiddenByProps(summary) && vi.mocked(confirmation.approve).mock.calls.length > 0).toBe(
      false,
    );
  });
});
