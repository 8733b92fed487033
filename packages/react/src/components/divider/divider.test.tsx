import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { en } from '../../i18n/en.js';
import { fr } from '../../i18n/fr.js';
import { WalletAuthLocaleProvider } from '../../i18n/locale-provider.js';
import { expectNoAxeViolations } from '../../test/axe.js';
import { Divider } from './divider.js';

afterEach(cleanup);

describe('Divider', () => {
  it('given no children, should read "or" from the catalogue and pass axe', async () => {
    const { container } = render(<Divider />);
    const divider = container.querySelector('[data-divider]');
    expect(divider?.textContent).toBe(en.signIn.or);
    await expectNoAxeViolations(container);
  });

  it('given a French catalogue, should read "ou"', () => {
    const { container } = render(
      <WalletAuthLocaleProvider messages={fr}>
        <Divider />
      </WalletAuthLocaleProvider>,
    );
    expect(container.querySelector('[data-divider]')?.textContent).toBe(fr.signIn.or);
  });

  it('given children and a class, should show them and forward the props', () => {
    const { container } = render(<Divider className="mine">ou bien</Divider>);
    expect(container.querySelector('.mine[data-divider]')?.textContent).toBe('ou bien');
  });
});
