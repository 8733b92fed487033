import { useQueryClient } from '@tanstack/react-query';
import { executeTransfer, setWalletPrivacy } from '@wallet-auth/core';
import {
  AccountSecurity,
  ErrorNotice,
  formatAmount,
  SignedActionConfirm,
  useInternalAccounts,
  useMessages,
  useSignedAction,
  WalletCard,
} from '@wallet-auth/react';
import { type FormEvent, useState } from 'react';
import { type DemoUser, fundWallet, type SandboxInfo } from '../api.js';
import { useDemoMessages } from '../i18n/context.js';
import { getDemoIdToken } from '../oidc-popup.js';

const TEST_FUNDS = 100_000_000; // 100 USDC in its smallest unit (6 decimals)

/** Step 3: the wallet — balances, test funds, a signed transfer, privacy and account security. */
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
  const progressText = (kind: string | undefined) =>
    kind === undefined ? undefined : t.progress[kind];
  const queryClient = useQueryClient();
  const accounts = useInternalAccounts();
  const wallet = accounts.data?.find((account) => account.id === user.accountId);
  const [funding, setFunding] = useState<'idle' | 'pending' | 'done' | 'error'>('idle');
  const [sent, setSent] = useState<string | undefined>(undefined);

  const transfer = useSignedAction({
    action: (amount: number, { client, signal, onProgress }) =>
      executeTransfer(
        client,
        {
          sourceAccountId: user.accountId,
          destinationAccountId: info.merchantAccountId ?? '',
          amount,
          description: t.orderDescription,
        },
        { signal, onProgress },
      ),
    onSuccess: (quote) => setSent(quote.transactionId ?? quote.id),
  });
  const privacy = useSignedAction({
    action: (enabled: boolean, { client, signal, onProgress }) =>
      setWalletPrivacy(client, user.accountId, enabled, { signal, onProgress }),
  });

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

  function onSend(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSent(undefined);
    const value = Number(new FormData(event.currentTarget).get('amount'));
    transfer.mutate(Math.round(value * 1_000_000));
  }

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

      <section className="card" aria-labelledby="send-title">
        <h2 id="send-title" className="card-title">
          {t.payTitle}
        </h2>
        <p className="muted">{t.payIntro}</p>
        <form className="row" onSubmit={onSend}>
          <label htmlFor="amount">{t.amount}</label>
          <input
            id="amount"
            name="amount"
            type="number"
            min="0.01"
            step="0.01"
            required
            defaultValue="5"
            inputMode="decimal"
          />
          <button
            type="submit"
            className="primary"
            disabled={transfer.isPending || !info.merchantAccountId}
            aria-busy={transfer.isPending}
          >
            {t.send}
          </button>
        </form>
        <SignedActionConfirm.Root
          confirmation={transfer.confirmation}
          data-wallet-auth=""
          data-theme={theme}
        />
        <p role="status" className="muted">
          {transfer.isPending ? progressText(transfer.progress?.kind) : ''}
          {sent && !transfer.isPending ? t.sent(sent) : ''}
        </p>
        {transfer.error && (
          <ErrorNotice
            error={transfer.error}
            className="banner banner-error"
            onAction={() => transfer.reset()}
            handles={['retry']}
          />
        )}
      </section>

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

      <section className="card" aria-labelledby="privacy-title">
        <h2 id="privacy-title" className="card-title">
          {t.privacyTitle}
        </h2>
        <label className="switch">
          <input
            type="checkbox"
            checked={wallet?.privateEnabled ?? false}
            disabled={wallet === undefined || privacy.isPending}
            onChange={(event) => privacy.mutate(event.target.checked)}
          />
          <span>{t.privacySwitch}</span>
        </label>
        <SignedActionConfirm.Root
          confirmation={privacy.confirmation}
          data-wallet-auth=""
          data-theme={theme}
        />
        <p role="status" className="muted">
          {privacy.isPending ? progressText(privacy.progress?.kind) : ''}
        </p>
        {privacy.error && <ErrorNotice error={privacy.error} className="banner banner-error" />}
      </section>

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
