import { type APIRequestContext, type BrowserContext, expect } from '@playwright/test';
import { uniqueEmail } from './demo-user.js';

/** The service routes behind the proxy (docs/protocol.md §1: `{base_url}` ends with the version). */
export const API = '/api/2025-10-13';

/** A well-formed P-256 public key, uncompressed (the generator point), for bodies that need one. */
export const PUB65 =
  '046b17d1f2e12c4247f8bce6e563a440f277037d812deb33a0f4a13945d898c2964fe342e2fe1a7f9b8ee7eb4a7c0f9e162bce33576b315ececbb6406837bf51f5';

/** A demo user signed up through the proxy's own route, with its cookie in `request`. */
export async function apiUser(request: APIRequestContext, origin: string, label: string) {
  const response = await request.post('/api/session', {
    headers: { Origin: origin },
    data: { email: uniqueEmail(label) },
  });
  expect(response.status()).toBe(200);
  return (await response.json()) as { email: string; accountId: string; customerId: string };
}

/** The `Cookie` header a browser context would send to the demo. */
export async function cookieOf(context: BrowserContext): Promise<string> {
  const cookies = await context.cookies();
  return cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ');
}
