/**
 * The zero-loss, zero-duplicate check of a load run (catalogue LOAD-1/LOAD-2, EMU-06): what the
 * clients saw against what the emulator holds. An OTP session authorises the flow's TEK, so the
 * session's public key ties each server session to exactly one client flow.
 */

/** What the driver recorded about one flow (a subset of `FlowRecord`). */
export interface ClientFlow {
  ok: boolean;
  sessionId: string | undefined;
  /** Compressed TEK from the stamp, when a signed leg was sent. */
  tek: string | undefined;
  /** Sessions this flow's reconciliation found in the lists after an ambiguous failure. */
  reconciled: readonly string[];
}

/** A session as the emulator stores it. */
export interface ServerSession {
  id: string;
  /** Compressed public key the session authorises. */
  publicKey: string;
}

/** The verdict, with every violation spelled out. */
export interface InvariantReport {
  ok: boolean;
  successes: number;
  reconciled: number;
  serverSessions: number;
  /** A success with no server session, or a server session no client learned of. */
  lost: string[];
  /** Two server sessions for one flow's key, or one session reported by two flows. */
  duplicated: string[];
  /** A success whose server session authorises another key than the flow's TEK. */
  mismatched: string[];
}

/** Compares client outcomes with the emulator's sessions of the same accounts. */
export function checkSessionInvariant(
  flows: readonly ClientFlow[],
  sessions: readonly ServerSession[],
): InvariantReport {
  const lost: string[] = [];
  const duplicated: string[] = [];
  const mismatched: string[] = [];
  const byId = new Map(sessions.map((session) => [session.id, session]));
  const byKey = new Map<string, string[]>();
  for (const session of sessions) {
    const key = session.publicKey.toLowerCase();
    byKey.set(key, [...(byKey.get(key) ?? []), session.id]);
  }
  for (const [key, ids] of byKey) {
    if (ids.length > 1) {
      duplicated.push(
        `key ${key.slice(0, 16)}… authorised by ${ids.length} sessions: ${ids.join(', ')}`,
      );
    }
  }

  const claimed = new Map<string, number>();
  let successes = 0;
  let reconciled = 0;
  for (const flow of flows) {
    for (const id of flow.reconciled) {
      claimed.set(id, (claimed.get(id) ?? 0) + 1);
      reconciled += 1;
      if (!byId.has(id)) {
        lost.push(`reconciled session ${id} is not on the server`);
      }
    }
    if (!flow.ok) {
      continue;
    }
    successes += 1;
    if (flow.sessionId === undefined) {
      lost.push('a success without a session id');
      continue;
    }
    claimed.set(flow.sessionId, (claimed.get(flow.sessionId) ?? 0) + 1);
    const session = byId.get(flow.sessionId);
    if (session === undefined) {
      lost.push(`success ${flow.sessionId} has no server session`);
    } else if (
      flow.tek === undefined ||
      session.publicKey.toLowerCase() !== flow.tek.toLowerCase()
    ) {
      mismatched.push(
        `session ${flow.sessionId} authorises ${session.publicKey.slice(0, 16)}…, not the flow's TEK`,
      );
    }
  }
  for (const [id, count] of claimed) {
    if (count > 1) {
      duplicated.push(`session ${id} claimed by ${count} flows`);
    }
  }
  for (const session of sessions) {
    if (!claimed.has(session.id)) {
      lost.push(`server session ${session.id} was never reported to a client`);
    }
  }
  return {
    ok: lost.length === 0 && duplicated.length === 0 && mismatched.length === 0,
    successes,
    reconciled,
    serverSessions: sessions.length,
    lost,
    duplicated,
    mismatched,
  };
}
