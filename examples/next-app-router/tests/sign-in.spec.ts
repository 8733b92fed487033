import { signInWithPasskey } from '@wallet-auth/testing/playwright';
import { expect, test } from './fixtures.js';

test('given a new app user, should sign in to the wallet with the e-mail code', async ({
  signedInPage: page,
}) => {
  const security = page.getByRole('region', { name: 'Account security' });
  await expect(security.getByRole('list', { name: 'Sign-in methods' })).toContainText('Email');
});

test('given a passkey added after the code sign-in, should sign in with it after signing out', async ({
  signedInPage: page,
  authenticator,
}) => {
  const security = page.getByRole('region', { name: 'Account security' });
  await security.getByRole('button', { name: 'Add a passkey' }).click();
  await security.getByRole('button', { name: 'Approve' }).click();
  await expect(security.getByText('Passkey added.')).toBeVisible();
  await security.getByRole('button', { name: 'Sign out', exact: true }).click();

  await signInWithPasskey(page);
  await expect(security.getByRole('list', { name: "Where you're signed in" })).toContainText(
    'Passkey',
  );
  expect((await authenticator.credentials())[0]?.signCount).toBeGreaterThan(0);
});

test('given raw paths, should refuse what Next still shows and document what it resolves first (README of @wallet-auth/proxy, "Next.js")', async ({
  baseURL,
}) => {
  // Percent escapes survive in request.url: judged by the proxy.
  expect((await rawGet(baseURL!, '/api/2025-10-13/auth%2Fsessions')).status).toBe(400);
  expect((await rawGet(baseURL!, '/api/2025-10-13/auth/%252e%252e/x')).status).toBe(400);
  // Residual: Next resolves dot segments before the handler, so this reaches /auth/sessions
  // (401: no app user) where the Node adapter answers 400.
  expect((await rawGet(baseURL!, '/api/2025-10-13/nope/../auth/sessions')).status).toBe(401);
  expect((await rawGet(baseURL!, '/api/2025-10-13/nope/%2e%2e/auth/sessions')).status).toBe(401);
  // Next redirects `//` to the cleaned path itself; the handler never runs.
  const doubled = await rawGet(baseURL!, '/api/2025-10-13//auth/sessions');
  expect(doubled.status).toBe(308);
  expect(doubled.location).toBe('/api/2025-10-13/auth/sessions');
});

/** A GET with the target exactly as written (fetch and Playwright resolve `..` first). */
async function rawGet(
  base: string,
  target: string,
): Promise<{ status: number; location?: string }> {
  const { connect } = await import('node:net');
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname === 'localhost' ? '127.0.0.1' : hostname, () =>
      socket.end(`GET ${target} HTTP/1.1\r\nHost: ${hostname}\r\nConnection: close\r\n\r\n`),
    );
    let text = '';
    socket.on('data', (chunk) => {
      text += chunk;
    });
    socket.on('end', () => {
      const location = /\r\nlocation: ([^\r]*)/i.exec(text)?.[1];
      resolve({ status: Number(text.split(' ')[1]), ...(location ? { location } : {}) });
    });
    socket.on('error', reject);
  });
}
