import { expect, test } from '@playwright/test';
import { accountSecurity, approve, newSignedInUser, uniqueEmail } from './support/demo-user.js';
import { API, apiUser, PUB65 } from './support/proxy-client.js';

test.describe("the proxy: a second user on the first user's wallet", () => {
  test("given a second user, should refuse every attempt on the first user's wallet and change nothing (BFF-05, BFF-46)", async ({
    page,
    browser,
    baseURL,
  }) => {
    const origin = baseURL!;
    const alice = await newSignedInUser(page, 'alice');
    await page.getByRole('button', { name: 'Add 100 USDC of test funds' }).click();
    await expect(page.getByText('Test funds added.')).toBeVisible();
    const credentials = (await (
      await page.request.get(`${API}/auth/credentials?accountId=${alice.accountId}`)
    ).json()) as { data: { id: string }[] };
    const sessions = (await (
      await page.request.get(`${API}/auth/sessions?accountId=${alice.accountId}`)
    ).json()) as { data: { id: string }[] };
    const transactions = (await (await page.request.get(`${API}/transactions`)).json()) as {
      data: { id: string }[];
    };
    const transactionId = transactions.data[0]!.id;
    const credentialId = credentials.data[0]!.id;
    const sessionId = sessions.data[0]!.id;
    const { merchantAccountId } = (await (await page.request.get('/__sandbox/info')).json()) as {
      merchantAccountId: string;
    };
    const quote = await page.request.post(`${API}/quotes`, {
      headers: { Origin: origin },
      data: {
        source: { sourceType: 'ACCOUNT', accountId: alice.accountId },
        destination: { destinationType: 'ACCOUNT', accountId: merchantAccountId },
        lockedCurrencySide: 'SENDING',
        lockedCurrencyAmount: 1_000_000,
      },
    });
    expect(quote.status()).toBe(201);
    const quoteId = ((await quote.json()) as { id: string }).id;

    const bobContext = await browser.newContext();
    const bob = bobContext.request;
    await apiUser(bob, origin, 'bob');
    const attempts: [method: string, path: string, body?: unknown][] = [
      ['GET', `/auth/credentials?accountId=${alice.accountId}`],
      ['GET', `/auth/sessions?accountId=${alice.accountId}`],
      ['GET', `/customers/internal-accounts?customerId=${alice.customerId}`],
      ['GET', `/customers/${alice.customerId}`],
      ['POST', `/auth/credentials/${credentialId}/challenge`, {}],
      [
        'POST',
        `/auth/credentials/${credentialId}/verify`,
        { type: 'EMAIL_OTP', encryptedOtpBundle: '{}' },
      ],
      ['DELETE', `/auth/credentials/${credentialId}`],
      ['POST', `/auth/sessions/${sessionId}/refresh`, { clientPublicKey: PUB65 }],
      ['POST', '/auth/credentials', { type: 'EMAIL_OTP', accountId: alice.accountId }],
      ['PATCH', `/internal-accounts/${alice.accountId}`, { privateEnabled: true }],
      ['POST', `/internal-accounts/${alice.accountId}/export`, { clientPublicKey: PUB65 }],
      ['POST', `/sandbox/internal-accounts/${alice.accountId}/fund`, { amount: 1 }],
      ['PATCH', `/customers/${alice.customerId}`, { email: uniqueEmail('takeover') }],
      [
        'POST',
        '/quotes',
        {
          source: { sourceType: 'ACCOUNT', accountId: alice.accountId },
          destination: { destinationType: 'ACCOUNT', accountId: merchantAccountId },
          lockedCurrencySide: 'SENDING',
          lockedCurrencyAmount: 100_000_000,
        },
      ],
      ['POST', `/quotes/${quoteId}/execute`, {}],
      ['GET', `/transactions/${transactionId}`],
      ['GET', `/transactions?customerId=${alice.customerId}`],
    ];
    for (const [method, path, body] of attempts) {
      const response = await bob.fetch(`${API}${path}`, {
        method,
        headers: { Origin: origin },
        ...(body === undefined ? {} : { data: body }),
      });
      const text = await response.text();
      expect(response.status(), `${method} ${path}`).toBe(403);
      expect(JSON.parse(text), `${method} ${path}`).toMatchObject({
        status: 403,
        code: 'FORBIDDEN',
      });
      expect(text).not.toContain(alice.email);
    }
    // A foreign session id reads as "no such active session" (docs/protocol.md §12), never revoked.
    const revoke = await bob.delete(`${API}/auth/sessions/${sessionId}`, {
      headers: { Origin: origin },
    });
    expect(revoke.status()).toBe(404);
    await bobContext.close();

    // Nothing changed for Alice: same balance, credential, session and privacy, and her
    // session still signs.
    await page.reload();
    await expect(page.getByRole('region', { name: 'Wallet', exact: true })).toContainText(
      '100.00 USDC',
    );
    const security = accountSecurity(page);
    await expect(
      security.getByRole('list', { name: 'Sign-in methods' }).getByRole('listitem'),
    ).toHaveCount(1);
    await expect(
      security.getByRole('list', { name: "Where you're signed in" }).getByRole('listitem'),
    ).toHaveCount(1);
    const privacy = page.getByRole('checkbox', { name: /Private wallet/ });
    await expect(privacy).not.toBeChecked();
    await privacy.click();
    await approve(page.getByRole('region', { name: 'Privacy' }), 'Change wallet privacy');
    await expect(privacy).toBeChecked();
    const stillOwn = await page.request.post(`${API}/quotes/${quoteId}/execute`, {
      headers: { Origin: origin },
      data: {},
    });
    expect(stillOwn.status()).toBe(202);
  });
});
