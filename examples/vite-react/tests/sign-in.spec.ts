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

test('given a raw ../ target, should be refused by the proxy (the Node adapter reads the socket target)', async ({
  baseURL,
}) => {
  const { status } = await rawGet(baseURL!, '/api/2025-10-13/auth/x/../sessions');
  expect(status).toBe(400);
});

/** A GET with the target exactly as written (fetch and Playwright resolve `..` first). */
async function rawGet(base: string, target: string): Promise<{ status: number }> {
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
    socket.on('end', () => resolve({ status: Number(text.split(' ')[1]) }));
    socket.on('error', reject);
  });
}
