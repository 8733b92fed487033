import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { en } from '../../i18n/en.js';
import { expectNoAxeViolations } from '../../test/axe.js';
import { createKit } from '../../test/kit.js';
import { SessionList } from './session-list.js';

afterEach(cleanup);

describe('SessionList', () => {
  it('given three devices, should list this one first and marked, and pass axe', async () => {
    const kit = createKit();
    await kit.otherDevice();
    await kit.otherDevice();
    await kit.signIn();
    const { container } = render(kit.wrapper(<SessionList.Root />));
    const list = await screen.findByRole('list', { name: en.sessions.title });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(3));
    const first = within(list).getAllByRole('listitem')[0]!;
    expect(first.hasAttribute('data-current')).toBe(true);
    expect(first.textContent).toContain(en.common.thisDevice);
    await expectNoAxeViolations(container);
  });

  it('SES-11: given another device signed out from here, should leave this one and the rest alive', async () => {
    const user = userEvent.setup();
    const kit = createKit();
    const other = await kit.otherDevice();
    await kit.otherDevice();
    await kit.signIn();
    const otherId =
      other.sessions.getSnapshot().status === 'active' ? other.sessions.getSnapshot() : undefined;
    render(kit.wrapper(<SessionList.Root />));
    const list = await screen.findByRole('list', { name: en.sessions.title });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(3));
    const row = within(list)
      .getAllByRole('listitem')
      .find((item) => !item.hasAttribute('data-current'))!;
    await user.click(within(row).getByRole('button'));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    expect(kit.client.sessions.getSnapshot().status).toBe('active');
    expect(otherId).toBeDefined();
  });

  it('given "sign out all other sessions", should keep only this device', async () => {
    const user = userEvent.setup();
    const kit = createKit();
    await kit.otherDevice();
    await kit.otherDevice();
    await kit.signIn();
    render(kit.wrapper(<SessionList.Root />));
    const list = await screen.findByRole('list', { name: en.sessions.title });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(3));
    await user.click(screen.getByRole('button', { name: en.sessions.revokeOthers }));
    await screen.findByText(en.sessions.revokedOthers);
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    expect(
      (screen.getByRole('button', { name: en.sessions.revokeOthers }) as HTMLButtonElement)
        .disabled,
    ).toBe(true);
  });
});
