'use server';

import { randomBytes } from 'node:crypto';
import { cookies } from 'next/headers';
import { redirect } from 'next/navigation';
import { bindings, origin, sign } from '../lib/wallet';

/** Your sign-up: a new app user, bound to a new customer and wallet, signed in by cookie. */
export async function signUp(form: FormData) {
  const userId = `user_${randomBytes(12).toString('hex')}`;
  try {
    await bindings.bind(userId, { email: String(form.get('email')) });
  } catch {
    redirect('/?error=sign-up');
  }
  const secure = origin.startsWith('https:');
  (await cookies()).set('session', sign(userId), { httpOnly: true, sameSite: 'lax', secure });
  redirect('/');
}
