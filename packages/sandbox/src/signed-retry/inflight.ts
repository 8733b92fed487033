/**
 * PROCESSING for the unsigned endpoints that can answer it (docs/protocol.md §11.4): passkey-less
 * `challenge` and OAUTH `verify`. Resends match on (route, credential, body hash) within 60 s; a
 * matching resend issues nothing new and hits no rate limit.
 */
import type { TerminalResponse } from './request-store.js';

/** How long a PROCESSING answer can be resumed (§11.4: challenge resends within 60 s). */
export const INFLIGHT_WINDOW_MS = 60_000;

interface Inflight {
  left: number;
  terminal: TerminalResponse;
  until: number;
}

/** Outcome of one send: PROCESSING again, or the terminal response. */
export type InflightAnswer =
  | { processing: true }
  | { processing: false; terminal: TerminalResponse };

/** The in-flight unsigned operations of one emulator. */
export class InflightStore {
  readonly #entries = new Map<string, Inflight>();
  readonly #clock: () => number;

  constructor(clock: () => number) {
    this.#clock = clock;
  }

  /** Answers a resend of a still-processing operation, or `undefined` if none matches. */
  resume(key: string): InflightAnswer | undefined {
    const now = this.#clock();
    const entry = this.#entries.get(key);
    if (entry === undefined) {
      return undefined;
    }
    if (entry.until <= now) {
      this.#entries.delete(key);
      return undefined;
    }
    return this.#next(key, entry);
  }

  /** Records an accepted operation that owes `times` PROCESSING answers (this send included). */
  start(key: string, times: number, terminal: TerminalResponse): InflightAnswer {
    this.#sweep();
    if (times === 0) {
      return { processing: false, terminal };
    }
    const entry: Inflight = { left: times, terminal, until: this.#clock() + INFLIGHT_WINDOW_MS };
    this.#entries.set(key, entry);
    return this.#next(key, entry);
  }

  #next(key: string, entry: Inflight): InflightAnswer {
    if (entry.left === -1) {
      return { processing: true };
    }
    if (entry.left > 0) {
      entry.left -= 1;
      return { processing: true };
    }
    this.#entries.delete(key);
    return { processing: false, terminal: entry.terminal };
  }

  #sweep(): void {
    const now = this.#clock();
    for (const [key, entry] of this.#entries) {
      if (entry.until <= now) {
        this.#entries.delete(key);
      }
    }
  }
}
