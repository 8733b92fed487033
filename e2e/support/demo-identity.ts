import { expect, type Page, type Route } from '@playwright/test';

const AUTHORIZE = '**/__sandbox/oidc/authorize';

/**
 * Completes the demo identity provider's popup (`/__sandbox/oidc/authorize`) opened by `open`:
 * types the person's e-mail, submits, waits until the page sends the minted ID token to the
 * proxy, waits for the page to close the popup and returns the token (read from the provider's answer on the way).
 */
export async function signInAtDemoIdentity(
  page: Page,
  open: () => Promise<void>,
  person: { email: string; name?: string },
  screenshotPath?: string,
): Promise<string> {
  let idToken: string | undefined;
  const readCallback = async (route: Route) => {
    if (route.request().method() !== 'POST') {
      await route.fallback();
      return;
    }
    const response = await route.fetch();
    const html = await response.text();
    idToken = /data-id-token="([^"]+)"/.exec(html)?.[1];
    await route.fulfill({ response, body: html });
  };
  const context = page.context();
  await context.route(AUTHORIZE, readCallback);
  try {
    const [popup] = await Promise.all([page.waitForEvent('popup'), open()]);
    await expect(popup.getByRole('heading', { name: 'Demo Identity' })).toBeVisible();
    if (screenshotPath !== undefined) {
      await popup.screenshot({ path: screenshotPath });
    }
    // The demo's page closes the popup once it has the token.
    const closed = popup.waitForEvent('close');
    await popup.getByLabel('Email').fill(person.email);
    await popup.getByLabel('Name').fill(person.name ?? 'Ada Lovelace');
    await Promise.all([
      page.waitForRequest(
        (request) =>
          idToken !== undefined &&
          request.url().includes('/api/') &&
          (request.postData() ?? '').includes(idToken),
      ),
      popup.getByRole('button', { name: 'Continue as this person' }).click(),
    ]);
    await closed;
  } finally {
    await context.unroute(AUTHORIZE, readCallback);
  }
  expect(idToken, 'the provider answered with an ID token').toMatch(/^eyJ[\w-]+\.[\w-]+\.[\w-]+$/);
  return idToken!;
}
