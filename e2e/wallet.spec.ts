import { expect, type Locator, type Page, type Request, test } from '@playwright/test';
import { accountSecurity, approve, newSignedInUser } from './support/demo-user.js';
import { advanceSandboxClock } from './support/sandbox-clock.js';
import { checkRegion, checkScreen, protocolRows } from './support/screens.js';

const EXECUTE_PATH = /^\/quotes\/Quote:[^/]+\/execute$/;
const PRIVACY_PATH = /^\/internal-accounts\/InternalAccount:[^/]+$/;

function walletCard(page: Page) {
  return page.getByRole('region', { name: 'Wallet', exact: true });
}

/** Approves a stamp whose signed leg the emulator will refuse as expired, and waits for the 401. */
async function approveExpecting401(scope: Locator, rows: Locator): Promise<void> {
  await scope
    .getByRole('region', { name: 'Confirm with your session key' })
    .getByRole('button', { name: 'Approve' })
    .click();
  await expect(rows.filter({ hasText: '401 UNAUTHORIZED' })).toHaveCount(1);
}

/** One fact of a transfer approval: `send`, `receive`, `rate`, `fees` or `to`. */
function fact(approval: Locator, name: string): Locator {
  return approval.locator(`[data-transfer-fact="${name}"] dd`);
}

function privacySwitch(page: Page) {
  return page.getByRole('checkbox', { name: /Private wallet/ });
}

test.describe('wallet: balances, transfer, privacy and export', () => {
  test('given test funds, should show the balance and pay the demo shop with a signed transfer resent byte for byte through PROCESSING (SR-01, SR-09, BFF-25)', async ({
    page,
  }, testInfo) => {
    await newSignedInUser(page, 'shop');
    await expect(walletCard(page)).toContainText('0.00 USDC');
    await page.getByRole('button', { name: 'Add 100 USDC of test funds' }).click();
    await expect(page.getByText('Test funds added.')).toBeVisible();
    await expect(walletCard(page)).toContainText('100.00 USDC');

    const executes: Request[] = [];
    page.on('request', (request) => {
      if (/\/quotes\/Quote:[^/]+\/execute$/.test(new URL(request.url()).pathname)) {
        executes.push(request);
      }
    });
    const shop = page.getByRole('region', { name: 'Pay the demo shop' });
    await shop.getByLabel('Amount (USDC)').fill('12.5');
    await shop.getByRole('button', { name: 'Send' }).click();
    const approval = shop.getByRole('region', { name: 'Confirm with your session key' });
    await expect(approval).toBeVisible();
    // What the quote says (UI-21), and no "signing" before Approve is pressed (defect 1).
    await expect(fact(approval, 'send')).toHaveText('12.50 USDC');
    await expect(fact(approval, 'receive')).toHaveText('12.50 USDC');
    await expect(fact(approval, 'to')).toHaveText('the demo shop');
    await expect(approval.locator('[data-transfer-fact="rate"]')).toHaveCount(0);
    await expect(approval).toContainText(/This request expires in \d+ minutes?/);
    await expect(shop.getByRole('status').first()).toHaveText('Waiting for your approval…');
    await checkScreen(page, testInfo, 'confirm-transfer');
    await approve(shop, 'Send funds from your wallet');
    await expect(shop.getByRole('status').first()).toHaveText('Sent 12.50 USDC to the demo shop.');
    await expect(shop.locator('[data-transaction-status]')).toContainText(
      'Payment status: Completed',
    );
    await expect(walletCard(page)).toContainText('87.50 USDC');
    await checkScreen(page, testInfo, 'wallet-after-transfer');

    // Leg 1 (202), the signed leg answered PROCESSING, and its byte-identical resend (§11.4).
    const rows = protocolRows(page, 'POST', EXECUTE_PATH);
    await expect(rows.filter({ hasText: '202 challenge' })).toHaveCount(1);
    await expect(rows.filter({ hasText: 'PROCESSING' })).toHaveCount(1);
    await expect(rows.filter({ hasText: 'signed retry' })).toHaveCount(2);
    expect(executes).toHaveLength(3);
    const headers = await Promise.all(executes.map((request) => request.allHeaders()));
    const keys = new Set(headers.map((h) => h['idempotency-key']));
    expect(keys.size).toBe(1);
    expect([...keys][0]).toMatch(/\S{8,}/);
    const [, firstSigned, resend] = headers;
    expect(firstSigned?.['service-wallet-signature']).toBeDefined();
    expect(resend?.['service-wallet-signature']).toBe(firstSigned?.['service-wallet-signature']);
    expect(resend?.['request-id']).toBe(firstSigned?.['request-id']);
    expect(executes[2]?.postData()).toBe(executes[1]?.postData());
  });

  test('given the privacy switch, should turn privacy on through a confirmed stamp and a PROCESSING resend (SR-09)', async ({
    page,
  }) => {
    await newSignedInUser(page, 'quiet');
    const privacy = page.getByRole('region', { name: 'Privacy' });
    await expect(privacySwitch(page)).not.toBeChecked();
    await privacySwitch(page).click();
    await approve(privacy, 'Change wallet privacy');
    await expect(privacySwitch(page)).toBeChecked();
    const rows = protocolRows(page, 'PATCH', PRIVACY_PATH);
    await expect(rows.filter({ hasText: '202 challenge' })).toHaveCount(1);
    await expect(rows.filter({ hasText: 'PROCESSING' })).toHaveCount(1);
    await expect(rows.filter({ hasText: 'signed retry' }).first()).toContainText('200');

    await page.reload();
    await expect(privacySwitch(page)).toBeChecked();
  });

  test('given the recovery-phrase export, should reveal the phrase after approval and hide it again (docs/protocol.md §8)', async ({
    page,
  }, testInfo) => {
    await newSignedInUser(page, 'export');
    const exporter = accountSecurity(page).getByRole('region', { name: 'Recovery phrase' });
    await exporter.getByRole('button', { name: 'Show recovery phrase' }).click();
    await approve(exporter, 'Export the wallet’s recovery phrase');
    const phrase = exporter.getByRole('list', { name: 'Your recovery phrase' });
    await expect(phrase.getByRole('listitem')).toHaveCount(12);
    for (const word of await phrase.getByRole('listitem').allTextContents()) {
      expect(word).toMatch(/^[a-z]+$/);
    }
    // The revealed phrase is checked by axe but kept out of the screenshots.
    await checkRegion(page, '[data-export-wallet]', 'export-revealed');
    await exporter.getByRole('button', { name: 'Hide recovery phrase' }).click();
    await expect(phrase).toBeHidden();
    await expect(exporter.getByRole('button', { name: 'Show recovery phrase' })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('export-hidden.png'), fullPage: true });
  });

  test('given a challenge approved after it expired on the emulator clock, should get 401 and run leg 1 again for actions safe to restart (SR-04)', async ({
    page,
    baseURL,
  }) => {
    await newSignedInUser(page, 'slow');
    const privacy = page.getByRole('region', { name: 'Privacy' });
    await privacySwitch(page).click();
    await expect(
      privacy.getByRole('region', { name: 'Confirm with your session key' }),
    ).toBeVisible();
    await advanceSandboxClock(page.request, baseURL!, 301);
    const patches = protocolRows(page, 'PATCH', PRIVACY_PATH);
    await approveExpecting401(privacy, patches);
    // The expired signed leg got 401; a fresh leg 1 asks for a fresh approval.
    await approve(privacy, 'Change wallet privacy');
    await expect(privacySwitch(page)).toBeChecked();
    await expect(patches.filter({ hasText: '202 challenge' })).toHaveCount(2);
    await expect(patches.filter({ hasText: '401 UNAUTHORIZED' })).toHaveCount(1);

    const exporter = accountSecurity(page).getByRole('region', { name: 'Recovery phrase' });
    await exporter.getByRole('button', { name: 'Show recovery phrase' }).click();
    await expect(
      exporter.getByRole('region', { name: 'Confirm with your session key' }),
    ).toBeVisible();
    await advanceSandboxClock(page.request, baseURL!, 301);
    const exports = protocolRows(page, 'POST', /\/export$/);
    await approveExpecting401(exporter, exports);
    await approve(exporter, 'Export the wallet’s recovery phrase');
    await expect(exporter.getByRole('list', { name: 'Your recovery phrase' })).toBeVisible();
    await expect(exports.filter({ hasText: '202 challenge' })).toHaveCount(2);
    await expect(exports.filter({ hasText: '401 UNAUTHORIZED' })).toHaveCount(1);
  });

  test('given a transfer approved after its quote expired, should refuse it without moving funds and let the person send again (SR-04, §11.6)', async ({
    page,
    baseURL,
  }) => {
    await newSignedInUser(page, 'stale');
    await page.getByRole('button', { name: 'Add 100 USDC of test funds' }).click();
    await expect(walletCard(page)).toContainText('100.00 USDC');
    const shop = page.getByRole('region', { name: 'Pay the demo shop' });
    await shop.getByLabel('Amount (USDC)').fill('30');
    await shop.getByRole('button', { name: 'Send' }).click();
    await expect(shop.getByRole('region', { name: 'Confirm with your session key' })).toBeVisible();
    await advanceSandboxClock(page.request, baseURL!, 301);
    await approve(shop, 'Send funds from your wallet');
    // Quote execute is never restarted by the kit; the service refuses the expired quote (400
    // INVALID_INPUT at §11.2 step 2a, before the Request-Id's own expiry is looked at) and the kit
    // reports it as an expired quote to start again, not as a typing mistake.
    const refusal = shop.getByRole('alert');
    await expect(refusal).toContainText(
      'The price quote expired before the payment was approved, so nothing was sent.',
    );
    await expect(
      protocolRows(page, 'POST', EXECUTE_PATH).filter({ hasText: '400 INVALID_INPUT' }),
    ).toHaveCount(1);
    await page.reload();
    await expect(walletCard(page)).toContainText('100.00 USDC');

    await shop.getByRole('button', { name: 'Send' }).click();
    await approve(shop, 'Send funds from your wallet');
    await expect(shop.getByRole('status').first()).toHaveText('Sent 5.00 USDC to the demo shop.');
    await expect(walletCard(page)).toContainText('95.00 USDC');
  });

  test("EMU-12, UI-21: given test funds, should cash out to the customer's USD account with both amounts and the rate in the approval and show the transaction", async ({
    page,
  }, testInfo) => {
    await newSignedInUser(page, 'cashout');
    await page.getByRole('button', { name: 'Add 100 USDC of test funds' }).first().click();
    await expect(walletCard(page)).toContainText('100.00 USDC');
    const cashOut = page.getByRole('region', { name: 'Cash out to your USD account' });
    await cashOut.getByLabel('Amount (USDC)').fill('10');
    await cashOut.getByRole('button', { name: 'Cash out' }).click();
    const approval = cashOut.getByRole('region', { name: 'Confirm with your session key' });
    await expect(fact(approval, 'send')).toHaveText('10.00 USDC');
    await expect(fact(approval, 'receive')).toHaveText('$10.00');
    await expect(fact(approval, 'rate')).toHaveText('1 USDC = 1 USD');
    await expect(fact(approval, 'fees')).toHaveText('0.00 USDC');
    await expect(fact(approval, 'to')).toHaveText('Your USD account');
    await checkScreen(page, testInfo, 'confirm-cash-out');
    await approve(cashOut, 'Send funds from your wallet');
    await expect(cashOut.getByRole('status').first()).toHaveText(
      'Cashed out 10.00 USDC: $10.00 arrives in your USD account.',
    );
    const transaction = cashOut.locator('[data-transaction-status]');
    await expect(transaction).toHaveAttribute('data-state', 'COMPLETED');
    await expect(transaction).toContainText('10.00 USDC sent, $10.00 received');
    await expect(walletCard(page)).toContainText('90.00 USDC');
    await expect(
      page.getByRole('region', { name: 'All your accounts' }).getByRole('listitem').filter({
        hasText: 'Cash account',
      }),
    ).toContainText('$10.00');
    await checkScreen(page, testInfo, 'cash-out-done');
  });

  test('UI-22: given an empty wallet, should say so before any quote or approval and offer test funds as a button', async ({
    page,
  }) => {
    await newSignedInUser(page, 'empty');
    await expect(walletCard(page)).toContainText('0.00 USDC');
    const quotes: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.endsWith('/quotes')) {
        quotes.push(request.url());
      }
    });
    const shop = page.getByRole('region', { name: 'Pay the demo shop' });
    await shop.getByRole('button', { name: 'Send' }).click();
    const alert = shop.getByRole('alert');
    await expect(alert).toContainText('Your wallet holds 0.00 USDC, less than this amount.');
    await expect(shop.getByRole('region', { name: 'Confirm with your session key' })).toHaveCount(
      0,
    );
    await alert.getByRole('button', { name: 'Add 100 USDC of test funds' }).click();
    await expect(walletCard(page)).toContainText('100.00 USDC');
    await shop.getByRole('button', { name: 'Send' }).click();
    await approve(shop, 'Send funds from your wallet');
    await expect(shop.getByRole('status').first()).toHaveText('Sent 5.00 USDC to the demo shop.');
    expect(quotes).toHaveLength(1);
  });
});
