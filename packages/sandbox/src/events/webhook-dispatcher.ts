/**
 * Webhook delivery (project extension, option `webhooks`; the interface leaves delivery open):
 * events are POSTed in log order, one at a time, as JSON `{id, type, createdAt, data}`. A failed
 * attempt (network error, timeout or non-2xx) is retried with exponential backoff up to
 * `maxAttempts`, then marked FAILED and the next event goes. Delivery runs after the API call has
 * answered and never makes it fail. Only `fetch` and the injected scheduler are used, so it runs
 * in the browser, and tests drive the backoff timers without sleeping.
 */
import type { DeliveryState, LoggedEvent } from './webhook-event.js';
import { signWebhook } from './webhook-signature.js';

/** Resolved option `webhooks`. */
export interface WebhookConfig {
  url: string;
  secret: string | undefined;
  maxAttempts: number;
  fetch: (request: Request) => Promise<Response>;
  /** Runs `run` after `delayMs`; may return a canceller. */
  schedule: (delayMs: number, run: () => void) => (() => void) | undefined;
}

/** The delivery queue of one emulator. */
export interface WebhookDispatcher {
  /** Queues an event for delivery; returns at once. */
  enqueue(entry: LoggedEvent): void;
  /** Resolves once no attempt is running (a retry waiting on its timer does not count). */
  settled(): Promise<void>;
}

/** Time allowed for one attempt. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** Wait before retry n (1-based): 1 s, 2 s, 4 s, 8 s, … capped at 60 s. */
export function webhookBackoffMs(failedAttempts: number): number {
  return Math.min(60_000, 1000 * 2 ** (failedAttempts - 1));
}
/** Undelivered events kept in the queue; beyond it the oldest is marked FAILED. */
const MAX_QUEUE = 1000;

function failureText(error: unknown): string {
  return error instanceof Error && error.message !== '' ? error.message : 'Network error';
}

/** Creates the dispatcher for `config`; `now` is the emulator clock (epoch ms). */
export function createWebhookDispatcher(
  config: WebhookConfig,
  now: () => number,
): WebhookDispatcher {
  const queue: LoggedEvent[] = [];
  let running: Promise<void> | undefined;
  let waiting = false;

  async function attempt(entry: LoggedEvent, delivery: DeliveryState): Promise<boolean> {
    delivery.attempts += 1;
    const body = JSON.stringify(entry.event);
    const timestamp = Math.floor(now() / 1000);
    const headers: Record<string, string> = {
      'Content-Type': 'application/json',
      'Webhook-Id': entry.event.id,
      'Webhook-Timestamp': String(timestamp),
    };
    if (config.secret !== undefined) {
      headers['Webhook-Signature'] = signWebhook(config.secret, entry.event.id, timestamp, body);
    }
    const controller = new AbortController();
    const timedOut = new Promise<never>((_resolve, reject) => {
      controller.signal.addEventListener('abort', () => reject(new Error('Timed out')));
    });
    timedOut.catch(() => undefined);
    const cancel = config.schedule(WEBHOOK_TIMEOUT_MS, () => controller.abort());
    try {
      const request = new Request(config.url, {
        method: 'POST',
        headers,
        body,
        signal: controller.signal,
      });
      const response = await Promise.race([config.fetch(request), timedOut]);
      delivery.lastResponseStatus = response.status;
      await response.body?.cancel().catch(() => undefined);
      if (response.ok) {
        delete delivery.lastError;
        return true;
      }
      delivery.lastError = `HTTP ${response.status}`;
      return false;
    } catch (error) {
      delivery.lastError = controller.signal.aborted ? 'Timed out' : failureText(error);
      return false;
    } finally {
      cancel?.();
    }
  }

  async function pump(): Promise<void> {
    while (queue.length > 0) {
      const entry = queue[0]!;
      const delivery = entry.delivery!;
      const delivered = await attempt(entry, delivery);
      if (delivered || delivery.attempts >= config.maxAttempts) {
        delivery.status = delivered ? 'DELIVERED' : 'FAILED';
        queue.shift();
        continue;
      }
      waiting = true;
      config.schedule(webhookBackoffMs(delivery.attempts), () => {
        waiting = false;
        start();
      });
      return;
    }
  }

  function start(): void {
    if (running !== undefined || waiting || queue.length === 0) {
      return;
    }
    // Never synchronously inside the API call that emitted the event.
    running = Promise.resolve()
      .then(pump)
      .catch(() => undefined)
      .finally(() => {
        running = undefined;
        start(); // picks up a wake-up that arrived while this run was finishing
      });
  }

  return {
    enqueue(entry) {
      queue.push(entry);
      while (queue.length > MAX_QUEUE) {
        const dropped = queue.splice(1, 1)[0]!; // never the one in flight
        dropped.delivery!.status = 'FAILED';
        dropped.delivery!.lastError = 'Dropped: delivery queue full';
      }
      start();
    },
    async settled() {
      while (running !== undefined) {
        await running;
      }
    },
  };
}
