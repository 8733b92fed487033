import { useQueryClient } from '@tanstack/react-query';
import type { Currency } from '@wallet-auth/core';
import {
  AccountSecurity,
  ErrorNotice,
  formatAmount,
  useInternalAccounts,
  useMessages,
  WalletCard,
} from '@wallet-auth/react';
import { useState } from 'react';
import { type DemoUser, fundWallet, type SandboxInfo } from '../api.js';
import { useDemoMessages } from '../i18n/context.js';
import { getDemoIdToken } from '../oidc-popup.js';
import { PaymentCard } from './payment-card.js';
import { PrivacyCard } from './privacy-card.js';

const TEST_FUNDS = 100_000_000; // 100 USDC in its smallest unit (6 decimals)

/** Step 3: the wallet — balances, test funds, a payment, a cash-out, privacy and account security. */
export function WalletHome({
  user,
  info,
  theme,
  locale,
}: {
  user: DemoUser;
  info: SandboxInfo;
  theme: 'light' | 'dark';
  locale: string;
}) {
  const t = useDemoMessages().wallet;
  const kit = useMessages();
  const queryClient = useQueryClient();
  const accounts = useInternalAccounts();
  const wallet = accounts.data?.find((account) => account.id === user.accountId);
  // The customer's own USD account (INTERNAL_FIAT): the off-ramp converts at the emulator's rates.
  const usdAccount = accounts.data?.find(
    (account) => account.type === 'INTERNAL_FIAT' && account.balance.currency.code === 'USD',
  );
  const [funding, setFunding] = useState<'idle' | 'pending' | 'done' | 'error'>('idle');
  const amountOf = (amount: number, currency: Currency | undefined) =>
    currency === undefined ? String(amount) : formatAmount({ amount, currency }, locale);

  async function addFunds() {
    setFunding('pending');
    try {
      await fundWallet(user.accountId, TEST_FUNDS);
      await queryClient.invalidateQueries();
      setFunding('done');
    } catch {
      setFunding('error');
    }
  }

  const payment = {
    sourceAccountId: user.accountId,
    balance: wallet?.balance,
    onAddFunds: addFunds,
    locale,
    theme,
  };

  return (
    <div className="grid">
      <section className="card" aria-labelledby="wallet-title">
        <h1 id="wallet-title" className="card-title">
          {t.title}
        </h1>
        <WalletCard.Root accountId={user.accountId} data-wallet-auth="" data-theme={theme} />
        <div className="row">
          <button
            type="button"
            className="secondary"
            onClick={addFunds}
            disabled={funding === 'pending'}
            aria-busy={funding === 'pending'}
          >
            {funding === 'pending' ? t.addingFunds : t.addFunds}
          </button>
          <span role="status" className="muted">
            {funding === 'done' ? t.fundsAdded : funding === 'error' ? t.fundsFailed : ''}
          </span>
        </div>
      </section>

      <PaymentCard
        {...payment}
        title={t.payTitle}
        intro={t.payIntro}
        submitLabel={t.send}
        destinationAccountId={info.merchantAccountId ?? undefined}
        destinationName={t.shopName}
        description={t.orderDescription}
        done={(quote) =>
          t.sent(amountOf(quote.totalSendingAmount, quote.sendingCurrency), t.shopName)
        }
      />

      <PaymentCard
        {...payment}
        title={t.cashOutTitle}
        intro={t.cashOutIntro}
        submitLabel={t.cashOut}
        destinationAccountId={usdAccount?.id}
        description={t.cashOutTitle}
        unavailable={accounts.isPending ? undefined : t.noUsdAccount}
        done={(quote) =>
          t.cashedOut(
            amountOf(quote.totalSendingAmount, quote.sendingCurrency),
            amountOf(quote.totalReceivingAmount, quote.receivingCurrency),
          )
        }
      />

      <section className="card" aria-labelledby="accounts-title">
        <h2 id="accounts-title" className="card-title">
          {t.accountsTitle}
        </h2>
        {accounts.isPending && <p aria-busy="true">{t.loadingAccounts}</p>}
        {accounts.error && <ErrorNotice error={accounts.error} className="banner banner-error" />}
        <ul className="accounts">
          {accounts.data?.map((account) => (
            <li key={account.id} data-type={account.type}>
              <span>{t.accountNames[account.type] ?? account.type}</span>
              <span className="muted">{kit.wallet.status[account.status] ?? account.status}</span>
              <strong>{formatAmount(account.balance, locale)}</strong>
            </li>
          ))}
        </ul>
      </section>

      <PrivacyCard
        accountId={user.accountId}
        privateEnabled={wallet?.privateEnabled}
        theme={theme}
      />

      <AccountSecurity
        className="card span-2"
        getIdToken={getDemoIdToken}
        oauthProvider="Demo Identity"
        passkeyOptions={{
          rp: { name: 'Demo wallet' },
          user: { name: user.email, displayName: user.email },
        }}
        theme={theme}
      />
    </div>
  );
}
