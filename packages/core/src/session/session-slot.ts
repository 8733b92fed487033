/**
 * The key store's session slot: the session key with its record beside it, read and written in
 * one step each (a reload restores both together). Reads report what they found as the session
 * machine's events; the session manager sends them. Part of the first load: a reload restores the
 * session before anything else runs.
 */
import { WalletAuthError } from '../errors/wallet-auth-error.js';
import type { SigningKeyPair } from '../keys/key-pair.js';
import type { KeyPersistence, KeyStore } from '../keys/key-store.js';
import type { AuthSession } from '../types.js';
import { deriveClockOffset } from './server-clock.js';
import type { SessionEvent } from './session.machine.js';
import { signedOutWhileRefreshing } from './session-errors.js';
import type { SessionState, SignedOutReason } from './session-manager.types.js';
import {
  type ActiveSession,
  fromStored,
  SESSION_SLOT,
  type SessionRecord,
  toActiveSession,
  toMetadata,
} from './session-record.js';

/** What the slot holds: the machine's `RESTORED` with the key to sign with, or `SIGNED_OUT`. */
export interface SlotRead {
  event: SessionEvent;
  keyPair?: SigningKeyPair | undefined;
}

/**
 * Reads the session slot. Nothing stored is a sign-out, said as `keyMissing` when this tab had a
 * session or the store found the slot corrupt; a record that is not a session's is deleted.
 * @param current - The session as this tab saw it before reading.
 * @param now - The device's time, epoch ms.
 */
export async function readSlot(
  keyStore: KeyStore,
  persistence: KeyPersistence,
  current: SessionState,
  now: () => number,
): Promise<SlotRead> {
  const health = await keyStore.checkHealth(SESSION_SLOT);
  if (health.status === 'unsupported') {
    return { event: { type: 'SIGNED_OUT', reason: undefined, persistence: 'memory' } };
  }
  let reason: SignedOutReason | undefined = 'keyMissing';
  if (health.status === 'missing') {
    const hadSession = current.status === 'active' || current.status === 'expired';
    reason = hadSession || health.reason === 'corrupt' ? reason : undefined;
  } else {
    const record = fromStored(health.key);
    if (record !== undefined && health.key.keyPair.purpose === 'signing') {
      const { session, clockOffsetMs } = record;
      return {
        event: { type: 'RESTORED', session, persistence, clockOffsetMs, now: now() },
        keyPair: health.key.keyPair as SigningKeyPair,
      };
    }
    await keyStore.delete(SESSION_SLOT).catch(() => undefined);
  }
  return { event: { type: 'SIGNED_OUT', reason, persistence } };
}

/**
 * Why the key of `session` is no longer in the slot (site data cleared, or another key there), or
 * `undefined` while it is.
 */
export async function slotKeyGone(
  keyStore: KeyStore,
  session: ActiveSession,
): Promise<SignedOutReason | undefined> {
  const health = await keyStore.checkHealth(SESSION_SLOT, { expectedPublicKey: session.publicKey });
  if (health.status === 'present') {
    return undefined;
  }
  return health.status === 'mismatched' ? 'keyMismatch' : 'keyMissing';
}

/** A verified or refreshed session to save with its key. */
export interface SessionToSave {
  session: AuthSession;
  keyPair: SigningKeyPair;
  credentialId?: string | undefined;
  /** The `Date` header of the response that brought it, epoch ms (docs/protocol.md §1). */
  serverDateMs?: number | undefined;
  /** The session it was refreshed from, so a sign-out can recognise a late refresh (SES-05). */
  refreshedFrom?: string | undefined;
}

/**
 * Saves a session and its key in one write, with the service-clock offset measured at
 * `receivedAtMs` (docs/protocol.md §1). `stillWanted` is asked after the write: when it says no,
 * the write is undone (unless another session replaced it meanwhile) and the save fails.
 * @throws WalletAuthError `PROTOCOL_ERROR` (no valid `expiresAt`), `SESSION_KEY_MISSING` (not
 * wanted any more), or the key store's error.
 */
export async function saveSlot(
  keyStore: KeyStore,
  input: SessionToSave,
  receivedAtMs: number,
  stillWanted: () => boolean,
): Promise<SessionRecord> {
  const session = toActiveSession(
    input.session,
    input.keyPair.compressedPublicKeyHex,
    input.credentialId,
  );
  if (Number.isNaN(session.expiresAt)) {
    throw new WalletAuthError('PROTOCOL_ERROR', 'The session has no valid expiresAt.');
  }
  const clockOffsetMs = deriveClockOffset({
    serverDateMs: input.serverDateMs,
    issuedAt: input.session.updatedAt ?? input.session.createdAt,
    deviceNow: receivedAtMs,
  });
  const record = { session, clockOffsetMs, refreshedFrom: input.refreshedFrom };
  await keyStore.save(SESSION_SLOT, input.keyPair, { metadata: toMetadata(record) });
  if (!stillWanted()) {
    const health = await keyStore.checkHealth(SESSION_SLOT, {
      expectedPublicKey: session.publicKey,
    });
    if (health.status === 'present') {
      await keyStore.delete(SESSION_SLOT).catch(() => undefined);
    }
    throw signedOutWhileRefreshing();
  }
  return record;
}
