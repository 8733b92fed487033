import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createWalletAuthClient } from '@wallet-auth/core';
import { AccountSecurity, SignIn, useSession, WalletAuthProvider } from '@wallet-auth/react';
import '@wallet-auth/react/styles.css';
import { type FormEvent, StrictMode, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';

// Once, outside React. `environment: 'sandbox'` pins the sandbox's published development key.
const client = createWalletAuthClient({ baseUrl: '/api/2025-10-13', environment: 'sandbox' });
const queryClient = new QueryClient();

type Me = { accountId: string } | null;

function SignUp({ onSignedUp }: { onSignedUp: (me: Me) => void }) {
  const [error, setError] = useState('');
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const response = await fetch('/auth/sign-up', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: new FormData(event.currentTarget).get('email') }),
    });
    const body = await response.json();
    response.ok ? onSignedUp(body) : setError(body.message);
  }
  return (
    <form onSubmit={submit}>
      <label>
        Email <input name="email" type="email" autoComplete="email" required />
      </label>
      <button type="submit">Create account</button>
      {error ? <p role="alert">{error}</p> : null}
    </form>
  );
}

function App() {
  const [me, setMe] = useState<Me | undefined>(undefined);
  const session = useSession();
  useEffect(() => {
    fetch('/auth/me').then(async (response) => setMe(response.ok ? await response.json() : null));
  }, []);
  if (me === undefined || session.status === 'loading') {
    return null;
  }
  if (me === null) {
    return <SignUp onSignedUp={setMe} />;
  }
  // SignIn is unmounted as soon as the wallet session is active.
  return session.status === 'active' ? <AccountSecurity /> : <SignIn accountId={me.accountId} />;
}

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <WalletAuthProvider client={client}>
        <main>
          <h1>Example app</h1>
          <App />
        </main>
      </WalletAuthProvider>
    </QueryClientProvider>
  </StrictMode>,
);
