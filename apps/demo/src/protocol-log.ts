import type { ServiceExchange } from '@wallet-auth/core';

/** One row of the protocol panel. */
export interface ProtocolEntry extends ServiceExchange {
  id: number;
  at: number;
}

const MAX_ENTRIES = 200;

/**
 * The exchanges the kit makes, newest first, for the protocol panel: a tiny external store
 * (`subscribe`/`getSnapshot`) fed by the transport's `onExchange`. Holds no bodies.
 */
export function createProtocolLog() {
  let entries: readonly ProtocolEntry[] = [];
  let nextId = 1;
  const listeners = new Set<() => void>();
  return {
    record(exchange: ServiceExchange) {
      entries = [{ ...exchange, id: nextId++, at: Date.now() }, ...entries].slice(0, MAX_ENTRIES);
      for (const listener of listeners) {
        listener();
      }
    },
    clear() {
      entries = [];
      for (const listener of listeners) {
        listener();
      }
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    getSnapshot: () => entries,
  };
}

export type ProtocolLog = ReturnType<typeof createProtocolLog>;
