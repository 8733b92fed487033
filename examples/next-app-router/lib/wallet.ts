// Server only: the app's own users (a signed session cookie) and their wallet bindings.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createWalletBindings, type WalletBindings } from '@wallet-auth/proxy';

export const upstream = {
  baseUrl: process.env.WALLET_AUTH_UPSTREAM ?? 'http://127.0.0.1:8787/2025-10-13', // the sandbox bin
  clientId: process.env.WALLET_AUTH_CLIENT_ID ?? 'sandbox-client-id',
  clientSecret: process.env.WALLET_AUTH_CLIENT_SECRET ?? 'sandbox-client-secret',
};
export const origin = process.env.APP_ORIGIN ?? `http://localhost:${process.env.PORT ?? 3000}`;

// One per server process (Next may load this module in several bundles). Memory bindings serve
// one instance; pass `store: (await createRedisStores(…)).stores.bindings` across instances.
const shared = globalThis as { walletExample?: { bindings: WalletBindings; secret: string } };
shared.walletExample ??= {
  bindings: createWalletBindings({ upstream }),
  secret: process.env.SESSION_SECRET ?? randomBytes(32).toString('hex'),
};
const state = shared.walletExample;
export const bindings = state.bindings;

export const sign = (userId: string) =>
  `${userId}.${createHmac('sha256', state.secret).update(userId).digest('base64url')}`;

/** The user id of a `session` cookie value, if its signature holds. */
export function userIdFrom(value: string | undefined): string | undefined {
  const userId = value?.split('.')[0] ?? '';
  const expected = Buffer.from(sign(userId));
  const given = Buffer.from(value ?? '');
  return given.length === expected.length && timingSafeEqual(given, expected) ? userId : undefined;
}
