import { type FormEvent, useEffect, useState } from 'react';
import { type AccountSummary, type DemoUser, getUser, listAccounts, signUp } from './api.js';

function formatAmount(account: AccountSummary): string {
  const { amount, currency } = account.balance;
  const value = amount / 10 ** currency.decimals;
  try {
    return new Intl.NumberFormat(undefined, { style: 'currency', currency: currency.code }).format(
      value,
    );
  } catch {
    // Crypto tickers (USDC, BTC) are not ISO 4217 currencies.
    return `${new Intl.NumberFormat(undefined, { maximumFractionDigits: currency.decimals }).format(value)} ${currency.code}`;
  }
}

export function App() {
  const [user, setUser] = useState<DemoUser | null | undefined>(undefined);
  const [accounts, setAccounts] = useState<AccountSummary[] | undefined>(undefined);
  const [error, setError] = useState<string | undefined>(undefined);
  const [pending, setPending] = useState(false);

  useEffect(() => {
    getUser().then(setUser, (e: Error) => setError(e.message));
  }, []);
  useEffect(() => {
    if (user) {
      listAccounts().then(setAccounts, (e: Error) => setError(e.message));
    }
  }, [user]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get('email') ?? '');
    setPending(true);
    setError(undefined);
    try {
      setUser(await signUp(email));
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setPending(false);
    }
  }

  return (
    <main className="demo">
      <header>
        <h1>Demo wallet</h1>
        <p className="muted">Wallet Auth Kit on the embedded sandbox emulator</p>
      </header>
      {error !== undefined && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
      {user === undefined && <p aria-busy="true">Loading…</p>}
      {user === null && (
        <form onSubmit={onSubmit} className="card" aria-labelledby="signup-title">
          <h2 id="signup-title">Create your wallet</h2>
          <label htmlFor="email">Email</label>
          <input id="email" name="email" type="email" autoComplete="email" required />
          <button type="submit" disabled={pending} aria-busy={pending}>
            {pending ? 'Creating…' : 'Continue'}
          </button>
        </form>
      )}
      {user && (
        <section className="card" aria-labelledby="accounts-title">
          <h2 id="accounts-title">Accounts of {user.email}</h2>
          {accounts === undefined ? (
            <p aria-busy="true">Loading accounts…</p>
          ) : (
            <ul className="accounts">
              {accounts.map((account) => (
                <li key={account.id} data-type={account.type}>
                  <span>{account.label ?? account.type.replace('_', ' ').toLowerCase()}</span>
                  <span className="muted">{account.status}</span>
                  <strong>{formatAmount(account)}</strong>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
    </main>
  );
}
