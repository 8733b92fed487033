/**
 * When to ask the service whether this device's session is still active (catalogue SES-22), as a
 * pure machine (docs/contributing.md §2.4): a page coming into view or a read answered 401 asks for a
 * check; one check runs at a time, and a session the service confirmed less than
 * `CHECK_INTERVAL_MS` ago is not asked about again, so switching tabs or a burst of 401s cannot
 * drive a loop of requests. What a check finds (the session listed, revoked or expired) reaches
 * the session machine as its own events; this machine only paces the checks.
 */
import type { Machine } from '../internal/flow.js';

/** The service is asked again only this long after it last confirmed a session (device time). */
export const CHECK_INTERVAL_MS = 10_000;

/** The check's state: idle or checking one session, and the last confirmation. */
export type SessionCheckState =
  | { status: 'idle'; confirmed: { sessionId: string; at: number } | undefined }
  | {
      status: 'checking';
      sessionId: string;
      confirmed: { sessionId: string; at: number } | undefined;
    };

/** What happened; `now` is the device's time, epoch ms. */
export type SessionCheckEvent =
  /** Look again at `sessionId`, the active session (the page came into view, a read got 401). */
  | { type: 'RECHECK'; sessionId: string; now: number }
  /** The check of `sessionId` is over: listed (`now` set) or unknown (`now` undefined). */
  | { type: 'CHECKED'; sessionId: string; now: number | undefined };

/** Ask the service whether `sessionId` is still listed. */
export type SessionCheckEffect = { type: 'check'; sessionId: string };

/** Builds the check machine. */
export function createSessionCheckMachine(): Machine<
  SessionCheckState,
  SessionCheckEvent,
  SessionCheckEffect
> {
  const initial: SessionCheckState = { status: 'idle', confirmed: undefined };

  function transition(
    state: SessionCheckState,
    event: SessionCheckEvent,
  ): readonly [SessionCheckState, readonly SessionCheckEffect[]] {
    switch (state.status) {
      case 'idle': {
        if (event.type !== 'RECHECK') {
          return [state, []];
        }
        const { confirmed } = state;
        if (
          confirmed?.sessionId === event.sessionId &&
          event.now - confirmed.at < CHECK_INTERVAL_MS
        ) {
          return [state, []];
        }
        return [
          { status: 'checking', sessionId: event.sessionId, confirmed },
          [{ type: 'check', sessionId: event.sessionId }],
        ];
      }
      case 'checking': {
        if (event.type !== 'CHECKED' || event.sessionId !== state.sessionId) {
          return [state, []];
        }
        return [
          {
            status: 'idle',
            confirmed:
              event.now === undefined
                ? state.confirmed
                : { sessionId: event.sessionId, at: event.now },
          },
          [],
        ];
      }
      default: {
        return state satisfies never;
      }
    }
  }

  return { initial, transition };
}
