/**
 * The ordered log of webhook events (docs/service-api.md, Events). Each event is recorded as
 * `{id, type, createdAt, data}` — the body a configured webhook receives — with its delivery
 * state, and is readable through `GET /sandbox/events` (a project extension).
 */
import type { WebhookDispatcher } from './webhook-dispatcher.js';
import type { LoggedEvent, WebhookEvent } from './webhook-event.js';

export type { DeliveryState, LoggedEvent, WebhookEvent } from './webhook-event.js';

/** Events kept (oldest dropped), so memory stays bounded on a long-running emulator. */
export const MAX_LOGGED_EVENTS = 1000;

/** The event log of one emulator. */
export class EventLog {
  readonly #entries: LoggedEvent[] = [];
  readonly #newId: () => string;
  readonly #now: () => number;
  readonly #dispatcher: WebhookDispatcher | undefined;

  constructor(deps: {
    newId: () => string;
    now: () => number;
    dispatcher: WebhookDispatcher | undefined;
  }) {
    this.#newId = deps.newId;
    this.#now = deps.now;
    this.#dispatcher = deps.dispatcher;
  }

  /**
   * Records an event and hands it to the webhook dispatcher, if any. Never throws for a delivery
   * problem and never waits for one: the API call that emitted it is unaffected.
   */
  emit(type: string, data: Record<string, unknown>, customerId?: string): WebhookEvent {
    const event: WebhookEvent = {
      id: this.#newId(),
      type,
      createdAt: new Date(this.#now()).toISOString(),
      data: structuredClone(data),
    };
    const entry: LoggedEvent = {
      event,
      customerId,
      delivery: this.#dispatcher === undefined ? undefined : { status: 'PENDING', attempts: 0 },
    };
    this.#entries.push(entry);
    if (this.#entries.length > MAX_LOGGED_EVENTS) {
      this.#entries.splice(0, this.#entries.length - MAX_LOGGED_EVENTS);
    }
    this.#dispatcher?.enqueue(entry);
    return event;
  }

  /** Logged events, oldest first, optionally of one customer and/or one type. */
  list(filter: { customerId?: string; type?: string } = {}): LoggedEvent[] {
    return this.#entries.filter(
      (entry) =>
        (filter.customerId === undefined || entry.customerId === filter.customerId) &&
        (filter.type === undefined || entry.event.type === filter.type),
    );
  }
}
