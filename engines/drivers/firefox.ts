/**
 * Firefox ESR through puppeteer-core over WebDriver BiDi (Playwright needs its own patched Firefox,
 * which cannot be installed here). Passkeys: Marionette's virtual authenticator, with Firefox's
 * software token enabled (`security.webauth.webauthn_enable_softtoken`).
 */
import { existsSync } from 'node:fs';
import puppeteer, {
  type Browser,
  type Page,
  type BrowserContext as PuppeteerContext,
} from 'puppeteer-core';
import { freePort } from './free-port.js';
import { connectMarionette, type MarionetteClient } from './marionette.js';
import { packageVersion } from './package-version.js';
import type {
  BrowserContext,
  BrowserProfile,
  EngineBrowser,
  Json,
  Tab,
  VirtualAuthenticator,
} from './types.js';
import { withTimeout } from './with-timeout.js';

/** Debian's Firefox ESR; `FIREFOX_PATH` points elsewhere. */
export const FIREFOX_PATH = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';

const puppeteerVersion = packageVersion('puppeteer-core');

function tabOf(page: Page): Tab {
  return {
    async goto(url) {
      await page.goto(url, { waitUntil: 'load' });
    },
    async reload() {
      await page.reload({ waitUntil: 'load' });
    },
    async url() {
      return page.url();
    },
    run<T>(body: string, args: Json[] = []) {
      // A function made from text: puppeteer sends its source, nothing of this module's scope.
      const fn = new Function('args', body) as (args: Json[]) => T;
      return page.evaluate(fn, args) as Promise<T>;
    },
    async click(selector) {
      await page.locator(selector).setTimeout(10_000).click();
    },
    async type(selector, text) {
      await page.locator(selector).setTimeout(10_000).fill(text);
    },
    async bringToFront() {
      await page.bringToFront();
    },
    async close() {
      if (!page.isClosed()) {
        await page.close();
      }
    },
    async isClosed() {
      return page.isClosed();
    },
  };
}

function contextOf(context: PuppeteerContext): BrowserContext {
  const tabs = new Map<Page, Tab>();
  const wrap = (page: Page) => {
    let tab = tabs.get(page);
    if (tab === undefined) {
      tab = tabOf(page);
      tabs.set(page, tab);
    }
    return tab;
  };
  const pageOf = (tab: Tab) => [...tabs].find(([, value]) => value === tab)?.[0];
  return {
    engine: 'firefox',
    async newTab(url) {
      const tab = wrap(await context.newPage());
      if (url !== undefined) {
        await tab.goto(url);
      }
      return tab;
    },
    async popup(opener, action) {
      const page = pageOf(opener);
      if (page === undefined) {
        throw new Error('popup: the opener is not a tab of this context');
      }
      const opened = new Promise<Page>((resolve) => {
        page.once('popup', (popup) => {
          if (popup !== null) {
            resolve(popup);
          }
        });
      });
      await action();
      return wrap(await withTimeout(opened, 10_000, 'no popup opened within 10 s'));
    },
    async tabs() {
      return (await context.pages()).map(wrap);
    },
    async close() {
      await context.close();
    },
  };
}

/**
 * Launches Firefox ESR headless over WebDriver BiDi.
 * @param profile - `default`, or `storage-blocked`: private browsing with IndexedDB off there.
 */
export async function launchFirefox(profile: BrowserProfile): Promise<EngineBrowser> {
  if (!existsSync(FIREFOX_PATH)) {
    throw new Error(
      `Firefox not found at ${FIREFOX_PATH}: run "node scripts/setup.mjs --engines" (apt-get install firefox-esr) or set FIREFOX_PATH.`,
    );
  }
  const marionettePort = await freePort();
  const browser: Browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX_PATH,
    headless: true,
    args: ['--marionette'],
    protocolTimeout: 60_000,
    extraPrefsFirefox: {
      'marionette.port': marionettePort,
      // WebAuthn answered by the browser's software token, which the virtual authenticator drives.
      'security.webauth.webauthn_enable_softtoken': true,
      'security.webauth.webauthn_enable_usbtoken': false,
      ...(profile === 'storage-blocked'
        ? {
            'browser.privatebrowsing.autostart': true,
            'dom.indexedDB.privateBrowsing.enabled': false,
          }
        : {}),
    },
  });
  let marionette: MarionetteClient | undefined;
  const version = (await browser.version()).replace('/', ' ');
  return {
    engine: 'firefox',
    profile,
    version,
    driver: `puppeteer-core ${puppeteerVersion} (WebDriver BiDi) + Marionette`,
    async newContext() {
      return contextOf(await browser.createBrowserContext());
    },
    async addVirtualAuthenticator(): Promise<VirtualAuthenticator> {
      marionette ??= await connectMarionette(marionettePort);
      const client = marionette;
      const { value: authenticatorId } = await client.send<{ value: string }>(
        'WebAuthn:AddVirtualAuthenticator',
        {
          protocol: 'ctap2',
          transport: 'internal',
          hasResidentKey: true,
          hasUserVerification: true,
          isUserConsenting: true,
          isUserVerified: true,
        },
      );
      return {
        async credentials() {
          const { value } = await client.send<{
            value: { credentialId: string; rpId: string; signCount: number }[];
          }>('WebAuthn:GetCredentials', { authenticatorId });
          return value;
        },
        async remove() {
          await client.send('WebAuthn:RemoveVirtualAuthenticator', { authenticatorId });
        },
      };
    },
    async close() {
      marionette?.close();
      await browser.close();
    },
  };
}
