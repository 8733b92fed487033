import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { en } from '../../i18n/en.js';
import { expectNoAxeViolations } from '../../test/axe.js';
import { createKit } from '../../test/kit.js';
import { OAuthButton } from './oauth-button.js';
import { ProviderMark } from './provider-mark.js';

afterEach(cleanup);

/** The mark of the only button on the page, once its drawing has loaded. */
async function loadedMark(): Promise<SVGSVGElement> {
  const button = screen.getByRole('button');
  await waitFor(() => expect(button.querySelector('svg path')).not.toBeNull());
  return button.querySelector('svg') as SVGSVGElement;
}

describe('OAuthButton provider marks', () => {
  it.each([
    ['Google', 'google'],
    ['Apple', 'apple'],
    ['Microsoft', 'microsoft'],
    ['GitHub', 'github'],
    ['Git Hub', 'github'],
    ['Acme ID', 'generic'],
    // A name that is also an Object.prototype member is not a known mark.
    ['constructor', 'generic'],
  ])(
    'given the provider "%s", should draw the %s mark, hidden from assistive technology',
    async (provider, mark) => {
      const kit = createKit();
      render(kit.wrapper(<OAuthButton credentialId="AuthMethod:x" provider={provider} />));
      const svg = await loadedMark();
      expect(svg.getAttribute('data-provider-mark')).toBe(mark);
      expect(svg.getAttribute('aria-hidden')).toBe('true');
      expect(svg.getAttribute('focusable')).toBe('false');
      // The accessible name stays the label alone.
      expect(screen.getByRole('button', { name: en.oauth.continueWith(provider) })).toBeTruthy();
      await expectNoAxeViolations(document.body);
    },
  );

  it('given mark={false} or custom children, should draw no mark; given a mark, should draw it', async () => {
    const kit = createKit();
    const { unmount } = render(
      kit.wrapper(<OAuthButton credentialId="AuthMethod:x" provider="Google" mark={false} />),
    );
    expect(screen.getByRole('button').querySelector('svg')).toBeNull();
    unmount();
    const second = render(
      kit.wrapper(
        <OAuthButton credentialId="AuthMethod:x" provider="Google">
          Google account
        </OAuthButton>,
      ),
    );
    expect(screen.getByRole('button').querySelector('svg')).toBeNull();
    expect(screen.getByRole('button').textContent).toBe('Google account');
    second.unmount();
    render(
      kit.wrapper(
        <OAuthButton
          credentialId="AuthMethod:x"
          provider="Acme"
          mark={<img alt="" src="data:," data-custom-mark="" />}
        />,
      ),
    );
    expect(screen.getByRole('button').querySelector('[data-custom-mark]')).not.toBeNull();
    expect(screen.getByRole('button', { name: en.oauth.continueWith('Acme') })).toBeTruthy();
  });

  it('given a pending sign-in, should keep the mark out of the busy label', async () => {
    const user = userEvent.setup();
    const kit = createKit();
    render(
      kit.wrapper(
        <OAuthButton
          credentialId="AuthMethod:x"
          provider="Google"
          getIdToken={() => new Promise<string | null>(() => undefined)}
        />,
      ),
    );
    await loadedMark();
    await user.click(screen.getByRole('button'));
    await waitFor(() => expect(screen.getByRole('button').getAttribute('aria-busy')).toBe('true'));
    expect(screen.getByRole('button').textContent).toBe(en.oauth.pending('Google'));
  });

  it('given a standalone mark, should keep a fixed box and stay hidden', () => {
    const { container } = render(<ProviderMark provider="Google" />);
    const svg = container.querySelector('svg');
    expect(svg?.getAttribute('width')).toBe('20');
    expect(svg?.getAttribute('aria-hidden')).toBe('true');
  });
});
