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
import { expectNoAxeViolations } from '../test/axe.js';

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

  it('UI-09: given theme props that hide the summary (hidden, style display:none, aria-hidden, inert), should not forward them, so the copy stays visible and Approve works', async () => {
    const confirmation = pending(exportPayload);
    const { container } = render(
      <SignedActionConfirm.Root confirmation={confirmation}>
        <SignedActionConfirm.Title />
        <SignedActionConfirm.Summary
          hidden
          style={{ display: 'none', visibility: 'hidden', opacity: 0, margin: 8 }}
          aria-hidden="true"
          {...({ inert: true } as object)}
        />
        <SignedActionConfirm.ApproveButton />
      </SignedActionConfirm.Root>,
    );
    const region = screen.getByRole('region', { name: en.confirm.title });
    const summary = region.querySelector('[data-summary]') as HTMLElement;
    expect(hiddenByProps(summary)).toBe(false);
    expect(summary.hasAttribute('inert')).toBe(false);
    // Layout styles still apply.
    expect(summary.style.margin).toBe('8px');
    fireEvent.click(within(region).getByRole('button', { name: en.confirm.approve }));
    expect(confirmation.approve).toHaveBeenCalledTimes(1);
    await expectNoAxeViolations(container);
  });

  it('UI-09: given hiding props on the root (hidden, aria-hidden, inert, visibility, opacity), should drop them and keep the region described by the payload summary', () => {
    const confirmation = pending(exportPayload);
    render(
      <SignedActionConfirm.Root
        confirmation={confirmation}
        hidden
        aria-hidden="true"
        aria-describedby="somewhere-else"
        style={{ visibility: 'hidden', opacity: 0.01, padding: 4 }}
        {...({ inert: true } as object)}
      />,
    );
    const region = screen.getByRole('region', { name: en.confirm.title });
    const summary = region.querySelector('[data-summary]') as HTMLElement;
    expect(hiddenByProps(summary)).toBe(false);
    expect(region.hasAttribute('inert')).toBe(false);
    expect(region.style.padding).toBe('4px');
    expect(region.getAttribute('aria-describedby')).toBe(summary.id);
    fireEvent.click(within(region).getByRole('button', { name: en.confirm.approve }));
    expect(confirmation.approve).toHaveBeenCalledTimes(1);
  });

  it('UI-09: given a host class whose style sheet hides the summary (visibility, display, opacity), Approve should refuse with a visible alert', () => {
    for (const rule of ['visibility: hidden', 'display: none', 'opacity: 0']) {
      const sheet = document.createElement('style');
      sheet.textContent = `.host-hide { ${rule}; }`;
      document.head.append(sheet);
      const confirmation = pending(exportPayload);
      render(
        <SignedActionConfirm.Root confirmation={confirmation}>
          <SignedActionConfirm.Summary className="host-hide" />
          <SignedActionConfirm.ApproveButton />
        </SignedActionConfirm.Root>,
      );
      fireEvent.click(screen.getByRole('button', { name: en.confirm.approve }));
      expect(confirmation.approve, rule).not.toHaveBeenCalled();
      expect(screen.getByRole('alert').textContent, rule).toBe(en.confirm.summaryHidden);
      cleanup();
      sheet.remove();
    }
  });

  it('UI-09: given a hiding wrapper between the root and the summary, Approve should refuse; once it is visible again, approve', () => {
    const confirmation = pending(exportPayload);
    const { rerender } = render(
      <SignedActionConfirm.Root confirmation={confirmation}>
        <div style={{ display: 'none' }}>
          <SignedActionConfirm.Summary />
        </div>
        <SignedActionConfirm.ApproveButton />
      </SignedActionConfirm.Root>,
    );
    fireEvent.click(screen.getByRole('button', { name: en.confirm.approve }));
    expect(confirmation.approve).not.toHaveBeenCalled();
    expect(screen.getByRole('alert')).toBeTruthy();
    rerender(
      <SignedActionConfirm.Root confirmation={confirmation}>
        <div>
          <SignedActionConfirm.Summary />
        </div>
        <SignedActionConfirm.ApproveButton />
      </SignedActionConfirm.Root>,
    );
    fireEvent.click(screen.getByRole('button', { name: en.confirm.approve }));
    expect(confirmation.approve).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('UI-09: given a root composed without a summary, Approve should be disabled and approve nothing', () => {
    const confirmation = pending(exportPayload);
    render(
      <SignedActionConfirm.Root confirmation={confirmation}>
        <SignedActionConfirm.Title />
        <SignedActionConfirm.ApproveButton />
        <SignedActionConfirm.RejectButton />
      </SignedActionConfirm.Root>,
    );
    const approve = screen.getByRole('button', { name: en.confirm.approve });
    expect(approve).toHaveProperty('disabled', true);
    expect(approve.hasAttribute('data-disabled')).toBe(true);
    fireEvent.click(approve);
    expect(confirmation.approve).not.toHaveBeenCalled();
    // Cancel still works.
    fireEvent.click(screen.getByRole('button', { name: en.confirm.reject }));
    expect(confirmation.reject).toHaveBeenCalledTimes(1);
  });
});
