import type { CDPSession, Page } from '@playwright/test';

/** A Chromium virtual authenticator attached to one page through the DevTools protocol. */
export interface VirtualAuthenticator {
  cdp: CDPSession;
  authenticatorId: string;
  /** Makes the next ceremonies pass or fail user verification (a dismissed or failed prompt). */
  setUserVerified(verified: boolean): Promise<void>;
  /** The credentials the authenticator holds (resident keys included). */
  credentials(): Promise<{ credentialId: string; rpId?: string; signCount: number }[]>;
  /** Removes the authenticator and closes its DevTools session. */
  remove(): Promise<void>;
}

/**
 * Adds a CTAP2 platform authenticator (resident keys, user verification, no UI) to `page`, so
 * passkeys can be created and used in headless Chromium. Chromium only: other browsers have no
 * such protocol. Passkeys need a secure context whose host is a domain: serve the app on
 * `http://localhost:<port>`, not an IP address.
 *
 * @throws Error naming Chromium when the page's browser has no DevTools protocol.
 */
export async function addVirtualAuthenticator(page: Page): Promise<VirtualAuthenticator> {
  const browserName = page.context().browser()?.browserType().name();
  if (browserName !== undefined && browserName !== 'chromium') {
    throw new Error(
      `addVirtualAuthenticator needs Chromium (its DevTools protocol has the virtual authenticator); this page runs in ${browserName}. Run passkey tests in the chromium project.`,
    );
  }
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable', { enableUI: false });
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    cdp,
    authenticatorId,
    async setUserVerified(verified) {
      await cdp.send('WebAuthn.setUserVerified', { authenticatorId, isUserVerified: verified });
    },
    async credentials() {
      const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
      return credentials;
    },
    async remove() {
      await cdp.send('WebAuthn.removeVirtualAuthenticator', { authenticatorId }).catch(() => {});
      await cdp.detach().catch(() => {});
    },
  };
}
