import { type FormEvent, useState } from 'react';
import { type DemoUser, signUp } from '../api.js';

/** Step 1: the app's own account (an email); the proxy provisions the customer and its wallet. */
export function SignUpScreen({ onSignedUp }: { onSignedUp: (user: DemoUser) => void }) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | undefined>(undefined);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get('email') ?? '').trim();
    setPending(true);
    setError(undefined);
    try {
      onSignedUp(await signUp(email));
    } catch (e) {
      setError(e instanceof Error ? e.message : 'Sign-up failed. Try again.');
    } finally {
      setPending(false);
    }
  }

  return (
    <section className="card hero" aria-labelledby="signup-title">
      <h1 id="signup-title">Create your wallet</h1>
      <p className="muted">
        Enter an email to open an account. A self-custodial wallet is provisioned for you, secured
        by keys that never leave this browser.
      </p>
      <form onSubmit={onSubmit} className="stack" noValidate={false}>
        <label htmlFor="email">Email</label>
        <input
          id="email"
          name="email"
          type="email"
          autoComplete="email"
          required
          aria-invalid={error !== undefined || undefined}
          aria-describedby={error ? 'signup-error' : undefined}
        />
        {error !== undefined && (
          <p id="signup-error" role="alert" className="banner banner-error">
            {error}
          </p>
        )}
        <button type="submit" className="primary" disabled={pending} aria-busy={pending}>
          {pending ? 'Creating your wallet…' : 'Continue'}
        </button>
      </form>
    </section>
  );
}
