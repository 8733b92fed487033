/**
 * The session as this device records it: the shape the kit tracks and its non-secret metadata
 * saved beside the key in the key store (one write, so a reload restores both together).
 */
import type { KeyMetadata, StoredKey } from '../keys/key-store.js';
import type { AuthSession, CredentialType } from '../types.js';

/** The key store's slot of the session key and its record. */
export const SESSION_SLOT = 'session';

/** The session this device holds, as the kit tracks it. */
export interface ActiveSession {
  id: string;
  accountId: string;
  /** The credential that issued it (the service does not say; the kit remembers). */
  credentialId: string | undefined;
  type: CredentialType;
  nickname: string;
  createdAt: string;
  /** Epoch ms, in the service's time (compare with the device clock plus the stored offset). */
  expiresAt: number;
  /** pub33 hex of the session signing key. */
  publicKey: string;
}

/** An active session with what the device must also remember about it across reloads. */
export interface SessionRecord {
  session: ActiveSession;
  /** Service clock minus device clock, ms, measured when the session arrived (docs/protocol.md §1). */
  clockOffsetMs: number;
  /** The session this one was refreshed from, so a sign-out can recognise a late refresh. */
  refreshedFrom: string | undefined;
}

/** Builds the tracked session from the service's session object and its key's public half. */
export function toActiveSession(
  input: AuthSession,
  publicKey: string,
  credentialId: string | undefined,
): ActiveSession {
  return {
    id: input.id,
    accountId: input.accountId,
    credentialId,
    type: input.type,
    nickname: input.nickname,
    createdAt: input.createdAt,
    expiresAt: Date.parse(input.expiresAt),
    publicKey,
  };
}

/** The metadata saved beside the session key. */
export function toMetadata(record: SessionRecord): KeyMetadata {
  const { session } = record;
  return {
    sessionId: session.id,
    accountId: session.accountId,
    credentialId: session.credentialId ?? null,
    type: session.type,
    nickname: session.nickname,
    createdAt: session.createdAt,
    expiresAt: session.expiresAt,
    clockOffsetMs: record.clockOffsetMs,
    refreshedFrom: record.refreshedFrom ?? null,
  };
}

/** Reads a stored session key back; `undefined` when its metadata is not a session's. */
export function fromStored(key: StoredKey): SessionRecord | undefined {
  const m = key.metadata;
  if (
    typeof m.sessionId !== 'string' ||
    typeof m.accountId !== 'string' ||
    typeof m.type !== 'string' ||
    typeof m.expiresAt !== 'number'
  ) {
    return undefined;
  }
  return {
    session: {
      id: m.sessionId,
      accountId: m.accountId,
      credentialId: typeof m.credentialId === 'string' ? m.credentialId : undefined,
      type: m.type as CredentialType,
      nickname: typeof m.nickname === 'string' ? m.nickname : '',
      createdAt:
        typeof m.createdAt === 'string' ? m.createdAt : new Date(key.createdAt).toISOString(),
      expiresAt: m.expiresAt,
      publicKey: key.keyPair.compressedPublicKeyHex,
    },
    // A record without an offset (written before the kit stored one): trust the device clock.
    clockOffsetMs:
      typeof m.clockOffsetMs === 'number' && Number.isFinite(m.clockOffsetMs) ? m.clockOffsetMs : 0,
    refreshedFrom: typeof m.refreshedFrom === 'string' ? m.refreshedFrom : undefined,
  };
}
