import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Browser, chromium } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addVirtualAuthenticator } from './virtual-authenticator.js';

/** Creates a passkey (ES256) for rp `localhost` and returns its id, or the DOMException name. */
const CREATE = `(async () => {
  try {
    const credential = await navigator.credentials.create({ publicKey: {
      rp: { name: 'Test', id: 'localhost' },
      user: { id: new Uint8Array([1, 2, 3]), name: 'ada', displayName: 'Ada' },
      challenge: new Uint8Array(32),
      pubKeyCredParams: [{ type: 'public-key', alg: -7 }],
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    } });
    return credential.id;
  } catch (error) {
    return error.name;
  }
})()`;

describe('addVirtualAuthenticator (Chromium)', () => {
  let browser: Browser;
  let server: Server;
  let url: string;

  beforeAll(async () => {
    server = createServer((_request, response) => response.end('<!doctype html><title>t</title>'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://localhost:${(server.address() as AddressInfo).port}/`;
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--disable-background-networking', '--disable-component-update', '--no-first-run'],
    });
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => server.close(resolve));
  });

  it('given a page with the authenticator, should create a resident passkey without UI; given failed verification, should refuse it', async () => {
    const page = await browser.newPage();
    await page.goto(url);
    const authenticator = await addVirtualAuthenticator(page);
    const id = await page.evaluate(CREATE);
    expect(id).toMatch(/^[A-Za-z0-9_-]{16,}$/);
    expect(await authenticator.credentials()).toHaveLength(1);
    await authenticator.setUserVerified(false);
    expect(await page.evaluate(CREATE)).toBe('NotAllowedError');
    expect(await authenticator.credentials()).toHaveLength(1);
    await authenticator.remove();
    await page.close();
  }, 60_000);
});
