import { useOnlineStatus } from '@wallet-auth/react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { DemoApiError, type DemoUser, signUp } from '../api.js';
import { useDemoMessages } from '../i18n/context.js';

/** Why the sign-up did not go through, in the person's words (never the browser's error). */
type Problem = 'offline' | 'unreachable' | 'invalidEmail' | 'failed';

/**
 * Step 1: the app's own account (an email); the proxy provisions the customer and its wallet.
 * Without a connection the typed address is kept and sent again when the browser is back online.
 */
export function SignUpScreen({ onSignedUp }: { onSignedUp: (user: DemoUser) => void }) {
  const t = useDemoMessages().signUp;
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<Problem | undefined>(undefined);
  const waiting = useRef<string | undefined>(undefined);
  const online = useOnlineStatus();

  async function submit(email: string) {
    setPending(true);
    setProblem(undefined);
    waiting.current = undefined;
    try {
      onSignedUp(await signUp(email));
    } catch (error) {
      if (error instanceof DemoApiError) {
        setProblem(error.status === 400 ? 'invalidEmail' : 'failed');
      } else {
        // fetch rejected: no answer at all. Sent again by itself once the browser is online.
        waiting.current = email;
        setProblem(navigator.onLine ? 'unreachable' : 'offline');
      }
    } finally {
      setPending(false);
    }
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: resumes on the way back online only
  useEffect(() => {
    if (online && waiting.current !== undefined) {
      void submit(waiting.current);
    }
  }, [online]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void submit(String(new FormData(event.currentTarget).get('email') ?? '').trim());
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
          aria-invalid={problem === 'invalidEmail' || undefined}
          aria-describedby={problem ? 'signup-error' : undefined}
        />
        {problem !== undefined && (
          <div
            id="signup-error"
            role={problem === 'offline' ? 'status' : 'alert'}
            className={problem === 'offline' ? 'banner banner-hint' : 'banner banner-error'}
            data-problem={problem}
          >
            <p>{t[problem]}</p>
            {problem === 'unreachable' || problem === 'failed' ? (
              <button type="submit" className="secondary" disabled={pending}>
                {t.retry}
              </button>
            ) : null}
          </div>
        )}
        <button type="submit" className="primary" disabled={pending} aria-busy={pending}>
          {pending ? t.pending : t.submit}
        </button>
      </form>
    </section>
  );
}
