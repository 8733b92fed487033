import { expect, type Page, type Route } from '@playwright/test';

const AUTHORIZE = '**/__sandbox/oidc/authorize';
const CALLBACK = '**/__sandbox/oidc/callback.js';

/**
 * The provider's callback script without its `window.close()`: the test closes the popup once
 * the opener has used the token. Served instead of the demo's own because of a race in the demo
 * (reported to the lead): the opener's 400 ms `popup.closed` poll can run before the posted
 * message is dispatched, and the sign-in then ends as "The sign-in window was closed".
 * Remove this shim once the opener closes the popup itself after the message.
 */
const CALLBACK_WITHOUT_CLOSE = `(function(){var m=document.querySelector('meta[name="demo-oidc"]');if(!m||!window.opener){return;}
window.opener.postMessage({type:'demo-oidc',state:m.getAttribute('data-state'),idToken:m.getAttribute('data-id-token')},window.location.origin);})();`;

/**
 * Completes the demo identity provider's popup (`/__sandbox/oidc/authorize`) opened by `open`:
 * types the person's e-mail, submits, waits until the page sends the minted ID token to the
 * proxy, closes the popup and returns the token (read from the provider's answer on the way).
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
  const serveCallback = (route: Route) =>
    route.fulfill({
      status: 200,
      contentType: 'text/javascript; charset=utf-8',
      body: CALLBACK_WITHOUT_CLOSE,
    });
  const context = page.context();
  await context.route(AUTHORIZE, readCallback);
  await context.route(CALLBACK, serveCallback);
  try {
    const [popup] = await Promise.all([page.waitForEvent('popup'), open()]);
    await expect(popup.getByRole('heading', { name: 'Demo Identity' })).toBeVisible();
    if (screenshotPath !== undefined) {
      await popup.screenshot({ path: screenshotPath });
    }
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
    await popup.close();
  } finally {
    await context.unroute(AUTHORIZE, readCallback);
    await context.unroute(CALLBACK, serveCallback);
  }
  expect(idToken, 'the provider answered with an ID token').toMatch(/^eyJ[\w-]+\.[\w-]+\.[\w-]+$/);
  return idToken!;
}
