import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ServiceExchange, setWalletPrivacy } from '@wallet-auth/core';
import { afterEach, describe, expect, it } from 'vitest';
import { SignIn } from '../components/sign-in/sign-in.js';
import { expectNoAxeViolations } from '../test/axe.js';
import { createKit } from '../test/kit.js';
import { createWalletAuthDevtools } from './devtools-store.js';
import { WalletAuthDevtools } from './wallet-auth-devtools.js';

afterEach(cleanup);

/** A kit whose client reports to a devtools store, and every stamp it sent. */
function kitWithDevtools(options: Parameters<typeof createKit>[0] = {}) {
  const devtools = createWalletAuthDevtools();
  const stamps: string[] = [];
  const kit = createKit({
    ...options,
    client: {
      onExchange: (exchange: ServiceExchange) => {
        if (exchange.signature !== undefined) {
          stamps.push(exchange.signature);
        }
        devtools.onExchange(exchange);
      },
    },
  });
  return { kit, devtools, stamps };
}

/** Fields of request bodies that carry secrets: tokens, sealed or encrypted bundles, proofs. */
const SECRET_FIELD =
  /token|bundle|ciphertext|encapped|signature|assertion|attestation|clientData|authenticatorData|sealed|encrypted/i;

/** The secret values of the JSON bodies the kit sent, nested JSON strings included. */
function secretsIn(bodies: readonly string[]): string[] {
  const found: string[] = [];
  const walk = (value: unknown, key: string) => {
    if (typeof value === 'string') {
      if (SECRET_FIELD.test(key) && value.length >= 16) {
        found.push(value);
      }
      if (value.startsWith('{')) {
        walkJson(value);
      }
    } else if (typeof value === 'object' && value !== null) {
      for (const [name, child] of Object.entries(value)) {
        walk(child, name);
      }
    }
  };
  const walkJson = (text: string) => {
    try {
      walk(JSON.parse(text), '');
    } catch {
      // Not JSON: nothing of ours.
    }
  };
  bodies.forEach(walkJson);
  return found;
}

function panel(): HTMLElement {
  return screen.getByRole('complementary', { name: 'Wallet Auth devtools' });
}

describe('WalletAuthDevtools', () => {
  it('given a sign-in and a signed privacy change on the emulator, should show the session, its key, the signed retry and each exchange, and pass axe', async () => {
    const { kit, devtools } = kitWithDevtools({
      sandbox: { processing: { 'PATCH /internal-accounts/{id}': 1 } },
    });
    render(kit.wrapper(<WalletAuthDevtools store={devtools} />));
    await act(() => kit.signIn());
    await act(() => setWalletPrivacy(kit.client, kit.accountId, true));

    const session = within(panel()).getByRole('region', { name: 'Session' });
    await waitFor(() => expect(session.textContent).toContain('active'));
    expect(session.textContent).toContain('EMAIL_OTP');
    const key = within(panel()).getByRole('region', { name: 'Session key' });
    await waitFor(() => expect(key.textContent).toContain('present, matches the session'));
    expect(key.textContent).toContain('non-extractable');
    expect(key.textContent).toContain('ECDSA P-256');

    const retries = within(panel()).getByRole('list', { name: 'Signed retries' });
    const privacy = within(retries)
      .getAllByRole('listitem')
      .find((item) => item.textContent?.includes('PATCH /internal-accounts/'));
    expect(privacy?.getAttribute('data-stage')).toBe('settled');
    expect(privacy?.textContent).toContain('2 stamped sends');
    expect(privacy?.textContent).toContain('202 challenge → 200 PROCESSING → 200');

    const exchanges = within(panel()).getByRole('list', { name: 'Exchanges' });
    expect(
      within(exchanges).getAllByText(/signed retry · Service-Wallet-Signature ‹redacted›/).length,
    ).toBeGreaterThan(0);
    expect(
      within(panel()).getByText(`${devtools.getSnapshot().exchanges.length} exchanges`),
    ).toBeTruthy();
    await expectNoAxeViolations(document.body);
  });

  it('UI-03: given the stamps, codes and tokens the kit sent, should show none of them anywhere in the devtools panel', async () => {
    const { kit, devtools, stamps } = kitWithDevtools();
    render(kit.wrapper(<WalletAuthDevtools store={devtools} />));
    await act(async () => {
      await kit.signIn();
      await kit.addOAuth();
      await setWalletPrivacy(kit.client, kit.accountId, true);
    });
    const secrets = [...stamps, ...secretsIn(kit.requests.map((request) => request.body))];
    // The sign-in sent an encrypted code bundle, linking sent an ID token, signing sent stamps.
    expect(stamps.length).toBeGreaterThanOrEqual(3);
    expect(secrets.some((value) => value.startsWith('eyJ'))).toBe(true);
    expect(secrets.some((value) => value.includes('ciphertext'))).toBe(true);
    await waitFor(() =>
      expect(within(panel()).getByRole('region', { name: 'Session key' }).textContent).toContain(
        'present',
      ),
    );
    const html = panel().outerHTML;
    for (const secret of secrets) {
      // Not the value, not even the shortened prefix an earlier panel showed.
      expect(html).not.toContain(secret.slice(0, 12));
    }
    expect(html).not.toMatch(/\b000000\b/);
  });

  it('given kit parts on the page, should list each with the state it shows, leaving itself out', async () => {
    const user = userEvent.setup();
    const { kit, devtools } = kitWithDevtools();
    render(
      kit.wrapper(
        <>
          <SignIn accountId={kit.accountId} />
          <WalletAuthDevtools store={devtools} />
        </>,
      ),
    );
    const flows = within(panel()).getByRole('list', { name: 'Flows on this page' });
    await waitFor(() => expect(flows.textContent).toContain('SignIn: ready'));
    await user.click(await screen.findByRole('button', { name: 'Email me a code' }));
    await waitFor(() => expect(flows.textContent).toContain('Code step: awaitingCode'));
    expect(flows.textContent).not.toContain('devtools');
  });

  it('given Hide, Show and Clear, should collapse, keep counting and forget the exchanges', async () => {
    const user = userEvent.setup();
    const { kit, devtools } = kitWithDevtools();
    render(
      kit.wrapper(<WalletAuthDevtools store={devtools} initialOpen={false} title="Protocol" />),
    );
    const aside = screen.getByRole('complementary', { name: 'Protocol' });
    expect(within(aside).queryByRole('list', { name: 'Exchanges' })).toBeNull();
    await act(() => kit.signIn());
    expect(within(aside).getByText(/\d+ exchanges/)).toBeTruthy();
    await user.click(within(aside).getByRole('button', { name: 'Show' }));
    expect(within(aside).getByRole('button', { name: 'Hide' }).getAttribute('aria-expanded')).toBe(
      'true',
    );
    expect(within(aside).getAllByRole('listitem').length).toBeGreaterThan(1);
    await user.click(within(aside).getByRole('button', { name: 'Clear' }));
    expect(within(aside).getByText('0 exchanges')).toBeTruthy();
    expect(within(aside).getByRole('button', { name: 'Clear' })).toHaveProperty('disabled', true);
  });

  it('given no session, should say why the device is signed out and that the key is missing', async () => {
    const { kit, devtools } = kitWithDevtools();
    render(kit.wrapper(<WalletAuthDevtools store={devtools} />));
    const session = within(panel()).getByRole('region', { name: 'Session' });
    await waitFor(() => expect(session.textContent).toContain('signedOut'));
    const key = within(panel()).getByRole('region', { name: 'Session key' });
    await waitFor(() => expect(key.textContent).toContain('missing (absent)'));
    await expectNoAxeViolations(panel());
  });
});
