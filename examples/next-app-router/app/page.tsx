// A Server Component: it reads the app user from the cookie and renders the kit's components.
import { AccountSecurity, SignIn } from '@wallet-auth/react';
import { cookies } from 'next/headers';
import { bindings, userIdFrom } from '../lib/wallet';
import { signUp } from './actions';
import { WalletGate } from './providers';

export default async function Page({
  searchParams,
}: {
  searchParams: Promise<{ error?: string }>;
}) {
  const userId = userIdFrom((await cookies()).get('session')?.value);
  const binding = userId === undefined ? undefined : await bindings.find(userId);
  if (binding === undefined) {
    const { error } = await searchParams;
    return (
      <form action={signUp}>
        <label>
          Email <input name="email" type="email" autoComplete="email" required />
        </label>
        <button type="submit">Create account</button>
        {error ? <p role="alert">Could not create an account with this e-mail address.</p> : null}
      </form>
    );
  }
  return (
    <WalletGate signIn={<SignIn accountId={binding.accountId} />} home={<AccountSecurity />} />
  );
}
