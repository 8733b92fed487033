/**
 * Session issuance and authorisation (docs/protocol.md §6, §7, §15): a session authorises exactly one
 * P-256 key — the OTP TEK, a fresh emulator key sealed to a pub65 `clientPublicKey`, or a pub33
 * client-held key — and is active until revoked or past `expiresAt`.
 */
import type { SandboxContext } from '../context.js';
import { compressedHex, generateKeyPair, type P256Point } from '../crypto/p256.js';
import { sealSessionKey } from '../enclave/sealed-session-key.js';
import type { CredentialType, SessionRecord } from '../state/records.js';
import type { ClientKey } from './client-key.js';

/** What a new session inherits from the credential that issued it. */
export interface SessionOrigin {
  accountId: string;
  /** The root AuthMethod (kept across refreshes for revoke cascades). */
  credentialId: string;
  type: CredentialType;
  nickname: string;
}

/** A new session and, for a pub65 client key, its sealed signing key. */
export interface IssuedSession {
  session: SessionRecord;
  encryptedSessionSigningKey: string | undefined;
}

/**
 * Issues a session. With `tek` the session authorises the TEK (OTP, §6); with a pub65 client key a
 * fresh key pair is generated and its scalar sealed (§7); with pub33 the client key itself (§15).
 */
export async function issueSession(
  ctx: SandboxContext,
  origin: SessionOrigin,
  key: { tek: P256Point } | { clientKey: ClientKey },
): Promise<IssuedSession> {
  let authorised: P256Point;
  let encryptedSessionSigningKey: string | undefined;
  if ('tek' in key) {
    authorised = key.tek;
  } else if (key.clientKey.form === 'pub33') {
    authorised = key.clientKey.point;
  } else {
    const sessionKey = generateKeyPair(ctx.options.random, ctx.options.crypto.publicKeyOf);
    authorised = sessionKey.publicKey;
    encryptedSessionSigningKey = await sealSessionKey(key.clientKey.point, sessionKey.privateKey);
    sessionKey.privateKey.fill(0);
  }
  const now = ctx.state.now();
  const session: SessionRecord = {
    id: ctx.state.newId('Session'),
    accountId: origin.accountId,
    credentialId: origin.credentialId,
    type: origin.type,
    nickname: origin.nickname,
    publicKey: compressedHex(authorised),
    createdAt: now,
    updatedAt: now,
    expiresAt: now + ctx.options.sessionLifetimeSeconds * 1000,
    revoked: false,
  };
  ctx.state.sessionStore.add(session);
  return { session, encryptedSessionSigningKey };
}

/** 401 reason when every session of the signing key was revoked. */
export const SESSION_REVOKED_REASON = 'Signing session was revoked';
/** 401 reason when the signing key's session ran past its `expiresAt`. */
export const SESSION_EXPIRED_REASON = 'Signing session has expired';

/**
 * Finds the active session of `accountId` authorising `key` and satisfying `accept`; otherwise a
 * reason for 401 `WALLET_SIGNATURE_INVALID` (§11.2 step 9).
 */
export function authorisingSession(
  ctx: SandboxContext,
  accountId: string,
  key: P256Point,
  accept: (session: SessionRecord) => string | undefined = () => undefined,
): { session: SessionRecord } | { reason: string } {
  const { records: candidates, tombstones } = ctx.state.sessionStore.forKey(
    accountId,
    compressedHex(key),
  );
  if (candidates.length === 0 && tombstones.length === 0) {
    return { reason: 'Signing key is not authorised for this account' };
  }
  const active = candidates.filter((session) => ctx.state.isActive(session));
  if (active.length === 0) {
    // Distinct reasons let a client say "expired, sign in again" rather than "signed out elsewhere".
    const revoked = (ended: { revoked: boolean }) => ended.revoked;
    return {
      reason:
        candidates.every(revoked) && tombstones.every(revoked)
          ? SESSION_REVOKED_REASON
          : SESSION_EXPIRED_REASON,
    };
  }
  let lastReason = '';
  for (const session of active) {
    const reason = accept(session);
    if (reason === undefined) {
      return { session };
    }
    lastReason = reason;
  }
  return { reason: lastReason };
}

/** Revokes one session (`DELETE /auth/sessions/{id}`): inactive from now on, kept for its id. */
export function revokeSession(
  ctx: SandboxContext,
  session: SessionRecord,
  now: number = ctx.state.now(),
): void {
  session.revoked = true;
  session.updatedAt = now;
}

/** Revokes every session issued (directly or by refresh) from `credentialId` (§12 revoke cascade). */
export function revokeSessionsOf(ctx: SandboxContext, credentialId: string): void {
  const now = ctx.state.now();
  for (const session of ctx.state.sessions.values()) {
    if (session.credentialId === credentialId && !session.revoked) {
      revokeSession(ctx, session, now);
    }
  }
}
