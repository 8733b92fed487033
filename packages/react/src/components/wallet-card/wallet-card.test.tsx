import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { en } from '../../i18n/en.js';
import { fr } from '../../i18n/fr.js';
import { expectNoAxeViolations } from '../../test/axe.js';
import { createKit } from '../../test/kit.js';
import { WalletCard } from './wallet-card.js';

afterEach(cleanup);

describe('WalletCard', () => {
  it('given a funded wallet, should show its balance formatted for the locale and pass axe', async () => {
    const kit = createKit();
    await kit.signIn();
    await kit.fund(1_234_560_000);
    const { container } = render(kit.wrapper(<WalletCard.Root customerId={kit.customerId} />));
    const balance = await screen.findByText('1,234.56 USDC');
    expect(balance.getAttribute('data-amount')).toBe('');
    expect(screen.getByRole('status').textContent).toBe(en.wallet.status.ACTIVE);
    await expectNoAxeViolations(container);
  });

  it('given French, should format the same amount the French way', async () => {
    const kit = createKit();
    await kit.signIn();
    await kit.fund(1_234_560_000);
    render(kit.wrapper(<WalletCard.Root customerId={kit.customerId} />, fr));
    const balance = await screen.findByText((text) =>
      text.replace(/\s/g, ' ').startsWith('1 234,56'),
    );
    expect(balance).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe(fr.wallet.status.ACTIVE);
  });

  it('given a wallet still being set up, should say so', async () => {
    const kit = createKit({ sandbox: { platform: { accountActivationSeconds: 3600 } } });
    render(kit.wrapper(<WalletCard.Root customerId={kit.customerId} accountId={kit.accountId} />));
    await screen.findByText(en.wallet.status.PENDING);
  });
});
