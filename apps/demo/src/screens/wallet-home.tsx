import { useQueryClient } from '@tanstack/react-query';
import { executeTransfer, setWalletPrivacy } from '@wallet-auth/core';
import {
  AccountSecurity,
  ErrorNotice,
  formatAmount,
  SignedActionConfirm,
  useInternalAccounts,
  useSignedAction,
  WalletCard,
} from '@wallet-auth/react';
import { type FormEvent, useState } from 'react';
import { type DemoUser, fundWallet, type SandboxInfo } from '../api.js';
import { getDemoIdToken } from '../oidc-popup.js';

const ACCOUNT_NAMES: Record<string, string> = {
  EMBEDDED_WALLET: 'Wallet (self-custodial)',
  INTERNAL_FIAT: 'Cash account',
  INTERNAL_CRYPTO: 'Crypto account',
  RULE_BASED: 'Collection account',
};

const TEST_FUNDS = 100_000_000; // 100 USDC in its smallest unit (6 decimals)

function progressText(kind: string | undefined): string | undefined {
  switch (kind) {
    case 'sending':
      return 'Sending…';
    case 'signing':
      return 'Signing with this device’s key…';
    case 'processing':
      return 'Still settling with the wallet provider…';
    case 'rateLimited':
      return 'Too many requests; retrying shortly…';
    default:
      return undefined;
  }
}

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
          description: 'Demo shop order',
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
          Your wallet
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
            {funding === 'pending' ? 'Adding test funds…' : 'Add 100 USDC of test funds'}
          </button>
          <span role="status" className="muted">
            {funding === 'done'
              ? 'Test funds added.'
              : funding === 'error'
                ? 'Could not add test funds. Try again.'
                : ''}
          </span>
        </div>
      </section>

      <section className="card" aria-labelledby="send-title">
        <h2 id="send-title" className="card-title">
          Pay the demo shop
        </h2>
        <p className="muted">
          A same-currency transfer from your wallet, signed by this device’s session key.
        </p>
        <form className="row" onSubmit={onSend}>
          <label htmlFor="amount">Amount (USDC)</label>
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
            Send
          </button>
        </form>
        <SignedActionConfirm.Root
          confirmation={transfer.confirmation}
          data-wallet-auth=""
          data-theme={theme}
        />
        <p role="status" className="muted">
          {transfer.isPending ? progressText(transfer.progress?.kind) : ''}
          {sent && !transfer.isPending ? `Sent. Transaction ${sent}.` : ''}
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
          All your accounts
        </h2>
        {accounts.isPending && <p aria-busy="true">Loading accounts…</p>}
        {accounts.error && <ErrorNotice error={accounts.error} className="banner banner-error" />}
        <ul className="accounts">
          {accounts.data?.map((account) => (
            <li key={account.id} data-type={account.type}>
              <span>{ACCOUNT_NAMES[account.type] ?? account.type}</span>
              <span className="muted">{account.status.toLowerCase()}</span>
              <strong>{formatAmount(account.balance, locale)}</strong>
            </li>
          ))}
        </ul>
      </section>

      <section className="card" aria-labelledby="privacy-title">
        <h2 id="privacy-title" className="card-title">
          Privacy
        </h2>
        <label className="switch">
          <input
            type="checkbox"
            checked={wallet?.privateEnabled ?? false}
            disabled={wallet === undefined || privacy.isPending}
            onChange={(event) => privacy.mutate(event.target.checked)}
          />
          <span>Private wallet (hide balances from the platform’s shared views)</span>
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
