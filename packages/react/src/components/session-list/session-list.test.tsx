import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { en } from '../../i18n/en.js';
import { expectNoAxeViolations } from '../../test/axe.js';
import { createKit } from '../../test/kit.js';
import { deviceLabel } from './describe-device.js';
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

  it('UI-24: given this device and another on the same e-mail code, should tell them apart: this one by browser and system, the other by how it signed in and when it was last active', async () => {
    const kit = createKit();
    await kit.otherDevice();
    await kit.signIn();
    const { container } = render(kit.wrapper(<SessionList.Root />));
    const list = await screen.findByRole('list', { name: en.sessions.title });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    const [mine, other] = within(list).getAllByRole('listitem') as [HTMLElement, HTMLElement];
    expect(mine.querySelector('[data-session-name]')?.textContent).toBe(deviceLabel(en));
    expect(mine.textContent).toContain(en.common.thisDevice);
    expect(mine.textContent).toContain(en.sessions.activeNow);
    expect(within(mine).getByRole('button').textContent).toBe(en.sessions.signOutThisDevice);
    expect(other.querySelector('[data-session-name]')?.textContent).toBe(en.sessions.otherDevice);
    expect(other.querySelector('[data-session-method]')?.textContent).toBe(
      en.sessions.signedInWith('Email code · ada@example.com'),
    );
    expect(other.querySelector('[data-session-date]')?.textContent).toMatch(/^Last active /);
    // Every sign-out button names its session differently, and none says "Sign out This device".
    const names = within(list)
      .getAllByRole('button')
      .map((button) => button.textContent);
    expect(new Set(names).size).toBe(names.length);
    expect(container.textContent).not.toContain(en.sessions.revoke(en.common.thisDevice));
    await expectNoAxeViolations(container);
  });

  it('UI-24: given a session this browser held before a refresh, should call it an earlier session of this browser', async () => {
    const kit = createKit();
    await kit.signIn();
    await kit.client.sessions.refresh();
    render(kit.wrapper(<SessionList.Root />));
    const list = await screen.findByRole('list', { name: en.sessions.title });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    const earlier = within(list)
      .getAllByRole('listitem')
      .find((item) => !item.hasAttribute('data-current'))!;
    expect(earlier.querySelector('[data-session-name]')?.textContent).toBe(
      en.sessions.earlierSession,
    );
  });
});
