import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { en } from '../../i18n/en.js';
import { expectNoAxeViolations } from '../../test/axe.js';
import { createKit } from '../../test/kit.js';
import { ExportWallet } from './export-wallet.js';

afterEach(cleanup);

describe('ExportWallet', () => {
  it('given an approved export, should show the 12 words only until hidden (UI-03: gone from the page)', async () => {
    const user = userEvent.setup();
    const kit = createKit();
    await kit.signIn();
    const { container } = render(kit.wrapper(<ExportWallet.Root />));
    expect(screen.getByText(en.exportWallet.warning)).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
    await user.click(screen.getByRole('button', { name: en.exportWallet.reveal }));
    const confirm = await screen.findByRole('region', { name: en.confirm.title });
    expect(confirm.textContent).toContain(en.confirm.actions.exportWallet);
    await user.click(within(confirm).getByRole('button', { name: en.confirm.approve }));
    const phrase = await screen.findByRole('list', { name: en.exportWallet.phraseLabel });
    expect(within(phrase).getAllByRole('listitem')).toHaveLength(12);
    await expectNoAxeViolations(container);
    const words = phrase.textContent ?? '';
    await user.click(screen.getByRole('button', { name: en.exportWallet.hide }));
    expect(screen.queryByRole('list')).toBeNull();
    expect(container.innerHTML).not.toContain(words);
  });

  it('given the page hidden while the phrase shows, should hide it', async () => {
    const user = userEvent.setup();
    const kit = createKit();
    await kit.signIn();
    render(kit.wrapper(<ExportWallet.Root confirm={false} />));
    await user.click(screen.getByRole('button', { name: en.exportWallet.reveal }));
    await screen.findByRole('list', { name: en.exportWallet.phraseLabel });
    const visibility = Object.getOwnPropertyDescriptor(Document.prototype, 'visibilityState');
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    expect(screen.queryByRole('list')).toBeNull();
    if (visibility) {
      Object.defineProperty(document, 'visibilityState', visibility);
    }
  });

  it('SES-01: given an expired session, should explain it and send nothing', async () => {
    const user = userEvent.setup();
    const kit = createKit({ sandbox: { sessionLifetimeSeconds: 60 } });
    await kit.signIn();
    kit.clientClock.offset = 61_000;
    const before = kit.requests.length;
    render(kit.wrapper(<ExportWallet.Root />));
    await user.click(screen.getByRole('button', { name: en.exportWallet.reveal }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(en.errors.SESSION_EXPIRED);
    await waitFor(() => expect(kit.requests.length).toBe(before));
  });
});
