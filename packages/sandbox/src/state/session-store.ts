/**
 * Sessions by id and by key (docs/protocol.md §6, §7, §15), and what is left of them once they end.
 * An ended (revoked or expired) session keeps its record for {@link ENDED_SESSION_GRACE_MS}, then
 * only a compact tombstone for {@link ENDED_SESSION_TOMBSTONE_MS}: enough for the 401 reasons of
 * §11.2 step 9 ("was revoked" / "has expired"), `Session is not active` on refresh and 404
 * `Active session` on revoke (§12). Memory is bounded by time, not by how many sessions ever lived.
 */
import type { CredentialType, SessionRecord } from './records.js';

/** How long an ended session keeps its full record (the challenge lifetime's default, doubled). */
export const ENDED_SESSION_GRACE_MS = 10 * 60_000;
/** How long after it ended a session's tombstone is kept; afterwards its id and key are unknown. */
export const ENDED_SESSION_TOMBSTONE_MS = 60 * 60_000;
/** Sweeps run at most this often (emulator time), on any traffic. */
const SWEEP_EVERY_MS = 10_000;

/** What is kept of a session after its record is dropped. */
export interface SessionTombstone {
  id: string;
  accountId: string;
  type: CredentialType;
  publicKey: string;
  revoked: boolean;
  /** The session's end (revocation or `expiresAt`), epoch ms. */
  endedAt: number;
}

function endOf(session: SessionRecord): number {
  return session.revoked ? Math.min(session.updatedAt, session.expiresAt) : session.expiresAt;
}

function push<T>(map: Map<string, T[]>, key: string, value: T): void {
  const list = map.get(key);
  if (list === undefined) {
    map.set(key, [value]);
  } else {
    list.push(value);
  }
}

function remove<T>(map: Map<string, T[]>, key: string, value: T): void {
  const list = map.get(key);
  const index = list?.indexOf(value) ?? -1;
  if (list !== undefined && index >= 0) {
    list.splice(index, 1);
    if (list.length === 0) {
      map.delete(key);
    }
  }
}

/** The session store of one emulator: `records` is the live map tests and snapshots read. */
export class SessionStore {
  /** Sessions by id: active ones and those ended less than the grace period ago. */
  readonly records = new Map<string, SessionRecord>();
  readonly #byKey = new Map<string, SessionRecord[]>();
  readonly #tombstones = new Map<string, SessionTombstone>();
  readonly #tombstonesByKey = new Map<string, SessionTombstone[]>();
  #lastSweep = Number.NEGATIVE_INFINITY;

  /** Adds a new session. */
  add(session: SessionRecord): void {
    this.records.set(session.id, session);
    push(this.#byKey, session.publicKey, session);
  }

  /** Records (any state) of `accountId` authorising `publicKey`, and tombstones of ended ones. */
  forKey(
    accountId: string,
    publicKey: string,
  ): { records: SessionRecord[]; tombstones: SessionTombstone[] } {
    return {
      records: (this.#byKey.get(publicKey) ?? []).filter((s) => s.accountId === accountId),
      tombstones: (this.#tombstonesByKey.get(publicKey) ?? []).filter(
        (t) => t.accountId === accountId,
      ),
    };
  }

  /**
   * The session of `id`: its record, or for a tombstone a stand-in that is not active (revoked,
   * or expired at its end) carrying the id, account, type and key.
   */
  get(id: string): SessionRecord | undefined {
    const record = this.records.get(id);
    if (record !== undefined) {
      return record;
    }
    const tombstone = this.#tombstones.get(id);
    return tombstone === undefined
      ? undefined
      : {
          id: tombstone.id,
          accountId: tombstone.accountId,
          credentialId: '',
          type: tombstone.type,
          nickname: '',
          publicKey: tombstone.publicKey,
          createdAt: tombstone.endedAt,
          updatedAt: tombstone.endedAt,
          expiresAt: tombstone.endedAt,
          revoked: tombstone.revoked,
        };
  }

  /** Number of tombstones held (for memory tests). */
  get tombstoneCount(): number {
    return this.#tombstones.size;
  }

  /** Sweeps when {@link SWEEP_EVERY_MS} of emulator time passed since the last sweep. */
  tick(now: number): void {
    if (now - this.#lastSweep >= SWEEP_EVERY_MS) {
      this.sweep(now);
    }
  }

  /** Turns records ended more than the grace period ago into tombstones; drops old tombstones. */
  sweep(now: number): void {
    this.#lastSweep = now;
    for (const session of this.records.values()) {
      const active = !session.revoked && now < session.expiresAt;
      const endedAt = endOf(session);
      if (active || now < endedAt + ENDED_SESSION_GRACE_MS) {
        continue;
      }
      this.records.delete(session.id);
      remove(this.#byKey, session.publicKey, session);
      if (now < endedAt + ENDED_SESSION_TOMBSTONE_MS) {
        const tombstone: SessionTombstone = {
          id: session.id,
          accountId: session.accountId,
          type: session.type,
          publicKey: session.publicKey,
          revoked: session.revoked,
          endedAt,
        };
        this.#tombstones.set(tombstone.id, tombstone);
        push(this.#tombstonesByKey, tombstone.publicKey, tombstone);
      }
    }
    for (const tombstone of this.#tombstones.values()) {
      if (now >= tombstone.endedAt + ENDED_SESSION_TOMBSTONE_MS) {
        this.#tombstones.delete(tombstone.id);
        remove(this.#tombstonesByKey, tombstone.publicKey, tombstone);
      }
    }
  }
}
