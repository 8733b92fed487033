import { hex } from '../app-env.js';
import { toBase64Url } from '../security/base64url.js';
import {
  type CookieAttributes,
  type CookieSigner,
  readCookie,
  type SessionClaims,
  serializeClearedCookie,
  serializeSessionCookie,
} from '../security/session-cookie.js';
import type { SessionStore, UserBinding } from '../stores/stores.js';

/**
 * The demo's e-mail-only sign-in: a signed, HttpOnly, SameSite=Strict cookie naming a session
 * kept in the {@link SessionStore}. The cookie is honoured only while its session is stored, so
 * a sign-out on any instance sharing the store holds on all of them (BFF-29).
 */
export interface DemoAuth {
  /** The signed-in user and the cookie's claims, or `null`. */
  current(request: Request): Promise<{ user: UserBinding; claims: SessionClaims } | null>;
  /** A fresh `Set-Cookie` for `user` (a new session id at every sign-in, BFF-14). */
  issue(user: UserBinding): Promise<string>;
  /** Ends the cookie's session. */
  revoke(claims: SessionClaims): Promise<void>;
  /** `Set-Cookie` that clears the cookie. */
  cleared(): string;
}

/** The binding user id of a demo e-mail: not the address itself, so ids and logs carry no PII. */
export async function demoUserId(email: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(email));
  return `demo_${hex(new Uint8Array(digest)).slice(0, 40)}`;
}

/** Creates the demo auth over a cookie signer and a session store. */
export function createDemoAuth(deps: {
  signer: CookieSigner;
  sessions: SessionStore;
  cookie: CookieAttributes;
  clock: () => number;
  random: (bytes: number) => Uint8Array;
}): DemoAuth {
  return {
    async current(request) {
      const value = readCookie(request.headers.get('Cookie'), deps.cookie.name);
      if (value === undefined) {
        return null;
      }
      const claims = await deps.signer.verify(value, deps.clock());
      if (claims === undefined) {
        return null;
      }
      const session = await deps.sessions.get(claims.jti);
      if (
        session === undefined ||
        session.user.userId !== claims.sub ||
        session.expiresAtMs <= deps.clock()
      ) {
        return null;
      }
      return { user: session.user, claims };
    },
    async issue(user) {
      const nowMs = deps.clock();
      const iat = Math.floor(nowMs / 1000);
      const claims: SessionClaims = {
        sub: user.userId,
        iat,
        exp: iat + deps.cookie.maxAgeSeconds,
        jti: toBase64Url(deps.random(16)),
      };
      const ttlMs = deps.cookie.maxAgeSeconds * 1000;
      await deps.sessions.create(claims.jti, { user, expiresAtMs: nowMs + ttlMs }, ttlMs);
      return serializeSessionCookie(deps.cookie, await deps.signer.sign(claims));
    },
    async revoke(claims) {
      await deps.sessions.delete(claims.jti);
    },
    cleared() {
      return serializeClearedCookie(deps.cookie);
    },
  };
}
