import { type FormEvent, useState } from 'react';
import { type DemoUser, signUp } from '../api.js';
import { useDemoMessages } from '../i18n/context.js';

/** Step 1: the app's own account (an email); the proxy provisions the customer and its wallet. */
export function SignUpScreen({ onSignedUp }: { onSignedUp: (user: DemoUser) => void }) {
  const t = useDemoMessages().signUp;
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
      setError(e instanceof Error ? e.message : t.failed);
    } finally {
      setPending(false);
    }
  }

  return (
    <section className="card hero" aria-labelledby="signup-title">
      <h1 id="signup-title">{t.title}</h1>
      <p className="muted">{t.intro}</p>
      <form onSubmit={onSubmit} className="stack" noValidate={false}>
        <label htmlFor="email">{t.email}</label>
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
          {pending ? t.pending : t.submit}
        </button>
      </form>
    </section>
  );
}
