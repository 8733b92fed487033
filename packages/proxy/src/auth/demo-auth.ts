import { isResourceId } from '../ids.js';
import { toBase64Url } from '../security/base64url.js';
import {
  type CookieAttributes,
  type CookieSigner,
  readCookie,
  type SessionClaims,
  serializeClearedCookie,
  serializeSessionCookie,
} from '../security/session-cookie.js';
import type { DemoUser, UserStore } from '../types.js';

/** The demo's own sign-in: a signed, HttpOnly, SameSite=Strict cookie naming a stored user. */
export interface DemoAuth {
  /** The signed-in user and the cookie's claims, or `null`. */
  current(request: Request): Promise<{ user: DemoUser; claims: SessionClaims } | null>;
  /** A fresh `Set-Cookie` for `user` (a new `jti` at every sign-in, BFF-14). */
  issue(user: DemoUser): Promise<string>;
  /** Invalidates a cookie's `jti` until it would have expired anyway. */
  revoke(claims: SessionClaims): void;
  /** `Set-Cookie` that clears the cookie. */
  cleared(): string;
}

const MAX_REVOKED = 100_000;

/**
 * Creates the demo auth over a cookie signer and a user store. Revoked cookie ids are kept in
 * memory until their expiry; a restart forgets them along with the in-memory users.
 */
export function createDemoAuth(deps: {
  signer: CookieSigner;
  store: UserStore;
  cookie: CookieAttributes;
  clock: () => number;
  random: (bytes: number) => Uint8Array;
}): DemoAuth {
  const revoked = new Map<string, number>();

  function sweep(nowSeconds: number): void {
    for (const [jti, exp] of revoked) {
      if (exp <= nowSeconds || revoked.size > MAX_REVOKED) {
        revoked.delete(jti);
      }
    }
  }

  return {
    async current(request) {
      const value = readCookie(request.headers.get('Cookie'), deps.cookie.name);
      if (value === undefined) {
        return null;
      }
      const claims = await deps.signer.verify(value, deps.clock());
      if (claims === undefined || revoked.has(claims.jti)) {
        return null;
      }
      const user = await deps.store.findById(claims.sub);
      if (
        user === undefined ||
        !isResourceId(user.accountId, 'InternalAccount') ||
        !isResourceId(user.customerId, 'Customer')
      ) {
        return null;
      }
      return { user, claims };
    },
    async issue(user) {
      const iat = Math.floor(deps.clock() / 1000);
      const claims: SessionClaims = {
        sub: user.userId,
        iat,
        exp: iat + deps.cookie.maxAgeSeconds,
        jti: toBase64Url(deps.random(16)),
      };
      return serializeSessionCookie(deps.cookie, await deps.signer.sign(claims));
    },
    revoke(claims) {
      sweep(Math.floor(deps.clock() / 1000));
      revoked.set(claims.jti, claims.exp);
    },
    cleared() {
      return serializeClearedCookie(deps.cookie);
    },
  };
}
