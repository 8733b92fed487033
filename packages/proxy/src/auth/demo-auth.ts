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
import { type SessionStore, StoreUnavailableError, type UserBinding } from '../stores/stores.js';

/**
 * The demo's e-mail-only sign-in: a signed, HttpOnly, SameSite=Strict cookie naming a session
 * kept in the {@link SessionStore}. The cookie is honoured only while its session is stored, so
 * a sign-out on any instance sharing the store holds on all of them (BFF-29).
 */
export interface DemoAuth {
  /** The signed-in user and the cookie's claims, or `null`. */
  current(request: Request): Promise<{ user: UserBinding; claims: SessionClaims } | null>;
  /** The claims of a validly signed, unexpired cookie, without asking the store. */
  claims(request: Request): Promise<SessionClaims | null>;
  /** A fresh `Set-Cookie` for `user` (a new session id at every sign-in, BFF-14). */
  issue(user: UserBinding): Promise<string>;
  /**
   * Ends the cookie's session. When the store cannot delete it, the session is remembered here,
   * refused by this instance at once and deleted at the next chance, then the store's error
   * is thrown (BFF-51).
   */
  revoke(claims: SessionClaims): Promise<void>;
  /** `Set-Cookie` that clears the cookie. */
  cleared(): string;
}

/** The binding user id of a demo e-mail: not the address itself, so ids and logs carry no PII. */
export async function demoUserId(email: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(email));
  return `demo_${hex(new Uint8Array(digest)).slice(0, 40)}`;
}

/** Most sign-outs remembered while the session store is down; past it the oldest are dropped. */
const MAX_UNFINISHED_SIGN_OUTS = 10_000;
/** Remembered sign-outs retried per request, so a recovery never stalls one request long. */
const FINISH_PER_CALL = 100;

/** Creates the demo auth over a cookie signer and a session store. */
export function createDemoAuth(deps: {
  signer: CookieSigner;
  sessions: SessionStore;
  cookie: CookieAttributes;
  clock: () => number;
  random: (bytes: number) => Uint8Array;
}): DemoAuth {
  // Session ids whose sign-out the store could not record yet → the cookie's expiry (epoch ms).
  const unfinished = new Map<string, number>();

  /** Deletes the remembered sessions now that the store may answer; keeps those it still refuses. */
  async function finishSignOuts(): Promise<void> {
    for (const [jti, expiresAtMs] of [...unfinished].slice(0, FINISH_PER_CALL)) {
      if (expiresAtMs <= deps.clock()) {
        unfinished.delete(jti);
        continue;
      }
      try {
        await deps.sessions.delete(jti);
        unfinished.delete(jti);
      } catch {
        return; // Still down: try again at the next request.
      }
    }
  }

  async function claims(request: Request): Promise<SessionClaims | null> {
    const value = readCookie(request.headers.get('Cookie'), deps.cookie.name);
    return value === undefined ? null : ((await deps.signer.verify(value, deps.clock())) ?? null);
  }

  return {
    claims,
    async current(request) {
      const verified = await claims(request);
      if (verified === null) {
        return null;
      }
      if (unfinished.size > 0) {
        await finishSignOuts();
      }
      if (unfinished.has(verified.jti)) {
        return null;
      }
      const session = await deps.sessions.get(verified.jti);
      if (
        session === undefined ||
        session.user.userId !== verified.sub ||
        session.expiresAtMs <= deps.clock()
      ) {
        return null;
      }
      return { user: session.user, claims: verified };
    },
    async issue(user) {
      const nowMs = deps.clock();
      const iat = Math.floor(nowMs / 1000);
      const issued: SessionClaims = {
        sub: user.userId,
        iat,
        exp: iat + deps.cookie.maxAgeSeconds,
        jti: toBase64Url(deps.random(16)),
      };
      const ttlMs = deps.cookie.maxAgeSeconds * 1000;
      await deps.sessions.create(issued.jti, { user, expiresAtMs: nowMs + ttlMs }, ttlMs);
      return serializeSessionCookie(deps.cookie, await deps.signer.sign(issued));
    },
    async revoke(revoked) {
      try {
        await deps.sessions.delete(revoked.jti);
      } catch (error) {
        if (unfinished.size >= MAX_UNFINISHED_SIGN_OUTS) {
          unfinished.delete(unfinished.keys().next().value!);
        }
        unfinished.set(revoked.jti, revoked.exp * 1000);
        throw error instanceof StoreUnavailableError
          ? error
          : new StoreUnavailableError('sessions', { cause: error });
      }
      if (unfinished.size > 0) {
        await finishSignOuts();
      }
    },
    cleared() {
      return serializeClearedCookie(deps.cookie);
    },
  };
}
