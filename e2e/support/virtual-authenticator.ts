import type { CDPSession, Page } from '@playwright/test';

/** A Chromium virtual authenticator attached to one page through CDP (docs/contributing.md §4 "WebAuthn"). */
export interface VirtualAuthenticator {
  cdp: CDPSession;
  authenticatorId: string;
  /** Makes the next ceremonies pass or fail user verification (a dismissed or failed prompt). */
  setUserVerified(verified: boolean): Promise<void>;
  /** The credentials the authenticator holds (resident keys included). */
  credentials(): Promise<{ credentialId: string; rpId?: string; signCount: number }[]>;
}

/**
 * Adds a CTAP2 platform authenticator with resident keys and user verification that answers
 * without UI. Call it after `page.goto`: the WebAuthn domain is per page target.
 */
export async function addVirtualAuthenticator(page: Page): Promise<VirtualAuthenticator> {
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
  };
}
