import { expect, type Request, test } from '@playwright/test';
import {
  codeField,
  expectWalletHome,
  requestEmailCode,
  SANDBOX_CODE,
  signInCard,
  signInWithEmailCode,
  signUp,
  tabTo,
  uniqueEmail,
} from './support/demo-user.js';
import { advanceSandboxClock } from './support/sandbox-clock.js';
import { checkScreen } from './support/screens.js';

test.describe('e-mail code sign-in: mistakes, expiry, keyboard and secrets', () => {
  test('given a wrong code then the right one, should say the code is wrong, clear the field and then sign in (HPKE-07, UI-02)', async ({
    page,
  }, testInfo) => {
    await signUp(page, uniqueEmail('typo'));
    await requestEmailCode(page);
    await codeField(page).fill('123456');
    const problem = signInCard(page).getByRole('alert');
    await expect(problem).toHaveText("That code isn't right. 4 attempts left.");
    await expect(codeField(page)).toHaveValue('');
    await expect(codeField(page)).toHaveAttribute('aria-invalid', 'true');
    await checkScreen(page, testInfo, 'wrong-code');

    await codeField(page).fill(SANDBOX_CODE);
    await expectWalletHome(page);
  });

  test('given five wrong codes, should count down to one attempt and lock on the fifth, with the countdown and no field (HPKE-08, UI-06, UI-12)', async ({
    page,
  }) => {
    await signUp(page, uniqueEmail('lock'));
    await requestEmailCode(page);
    // Distinct codes: each is a whole-value change, as a paste or the OS autofill makes.
    for (const [code, left] of [
      ['111111', 4],
      ['222222', 3],
      ['333333', 2],
    ] as const) {
      await codeField(page).fill(code);
      await expect(signInCard(page).getByRole('alert')).toHaveText(
        `That code isn't right. ${left} attempts left.`,
      );
    }
    await codeField(page).fill('444444');
    await expect(signInCard(page).getByRole('alert')).toHaveText(
      "That code isn't right. 1 attempt left before a short lock.",
    );
    // The fifth wrong code starts the service's lock: the step locks now, never "0 attempts left".
    await codeField(page).fill('555555');
    const timer = signInCard(page).getByRole('timer');
    await expect(timer).toHaveText(
      /^Too many wrong codes\. For your security, you can try again in (5 minutes|4 minutes \d+ seconds)\.$/,
    );
    await expect(codeField(page)).toBeHidden();
    await expect(signInCard(page)).not.toContainText('0 attempts left');
    await expect(signInCard(page).getByRole('button', { name: 'Try again' })).toBeDisabled();
    await expect(page.getByRole('heading', { name: 'Your wallet', exact: true })).toBeHidden();
  });

  test('given a rejected code pasted again, should submit it again (UI-02)', async ({ page }) => {
    await signUp(page, uniqueEmail('again'));
    await requestEmailCode(page);
    await codeField(page).fill('123456');
    await expect(signInCard(page).getByRole('alert')).toHaveText(
      "That code isn't right. 4 attempts left.",
    );
    await codeField(page).fill('123456');
    await expect(signInCard(page).getByRole('alert')).toHaveText(
      "That code isn't right. 3 attempts left.",
    );
  });

  test('given a code typed after its lifetime on the emulator clock, should say it expired and sign in with a new code (HPKE-09)', async ({
    page,
    baseURL,
  }) => {
    // The resend cooldown runs on the page's clock; the OTP lifetime on the emulator's.
    await page.clock.install();
    await signUp(page, uniqueEmail('late'));
    await requestEmailCode(page);
    await advanceSandboxClock(page.request, baseURL!, 301);
    await codeField(page).fill(SANDBOX_CODE);
    await expect(signInCard(page).getByRole('alert')).toHaveText(
      'This code has expired. Ask for a new one.',
    );
    const resend = signInCard(page).getByRole('button', { name: 'Send a new code' });
    await expect(resend).toBeHidden();
    await page.clock.fastForward(30_000);
    await resend.click();
    await expect(codeField(page)).toBeVisible();
    await codeField(page).fill(SANDBOX_CODE);
    await expectWalletHome(page);
  });

  test('given only a keyboard, should sign up and sign in with the e-mail code (keyboard pass)', async ({
    page,
  }) => {
    await page.goto('/');
    await tabTo(page, page.getByLabel('Email'));
    await page.keyboard.type(uniqueEmail('keys'));
    await page.keyboard.press('Enter');
    const sendCode = signInCard(page).getByRole('button', { name: 'Email me a code' });
    await expect(sendCode).toBeVisible();
    await tabTo(page, sendCode);
    await page.keyboard.press('Enter');
    // The code field takes focus by itself; the person types the code from the hint.
    await expect(codeField(page)).toBeFocused();
    await page.keyboard.type(SANDBOX_CODE);
    await expectWalletHome(page);
  });

  test('given an e-mail code sign-in, should send the code in no URL, header or body and leave no bundle or stamp in the page or storage (HPKE-12, UI-03)', async ({
    page,
  }) => {
    const sent: { url: string; headers: Record<string, string>; body: string }[] = [];
    const record = async (request: Request) => {
      sent.push({
        url: request.url(),
        headers: await request.allHeaders(),
        body: request.postData() ?? '',
      });
    };
    page.on('request', (request) => {
      void record(request);
    });
    const consoleText: string[] = [];
    page.on('console', (message) => consoleText.push(message.text()));

    await signUp(page, uniqueEmail('secret'));
    await signInWithEmailCode(page);

    const bare = /(^|[^0-9A-Za-z])000000([^0-9A-Za-z]|$)/;
    const secrets: string[] = [];
    for (const request of sent) {
      expect(request.url).not.toMatch(bare);
      expect(JSON.stringify(request.headers)).not.toMatch(bare);
      expect(request.body).not.toMatch(bare);
      expect(request.body).not.toContain('otp_code');
      const stamp = request.headers['service-wallet-signature'];
      if (stamp !== undefined) {
        secrets.push(stamp);
      }
      const bundle = /"encryptedOtpBundle":"((?:[^"\\]|\\.)+)"/.exec(request.body)?.[1];
      if (bundle !== undefined) {
        secrets.push(bundle);
      }
    }
    expect(secrets.length).toBeGreaterThanOrEqual(2);
    const html = await page.content();
    const storage = await page.evaluate(() =>
      JSON.stringify({ local: { ...localStorage }, session: { ...sessionStorage } }),
    );
    for (const secret of secrets) {
      expect(html).not.toContain(secret);
      expect(storage).not.toContain(secret);
      expect(consoleText.join('\n')).not.toContain(secret);
    }
    expect(consoleText.join('\n')).not.toMatch(bare);
  });
});
