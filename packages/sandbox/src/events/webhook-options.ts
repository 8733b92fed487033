/**
 * Option `webhooks` (a project extension beyond docs/protocol.md §14) and its defaults: `fetch` is the
 * global one and `schedule` uses `setTimeout`, unref'd so a pending retry never keeps a Node
 * process alive. Validation lives with the other option checks (options-checks.ts).
 */
import type { WebhookConfig } from './webhook-dispatcher.js';

/**
 * Option `webhooks` — a project extension beyond docs/protocol.md §14 (the interface leaves webhook
 * delivery open): where events are POSTed, how they are signed and how often a failed delivery is
 * tried. `fetch` and `schedule` are for `createSandbox` only (tests inject them).
 */
export interface SandboxWebhookOptions {
  /** `http(s)` URL receiving `POST {id, type, createdAt, data}`. */
  url: string;
  /** Signs each delivery (`Webhook-Signature`, Standard Webhooks layout). @defaultValue unsigned */
  secret?: string;
  /** Attempts per event, 1–10, retries backing off 1 s, 2 s, 4 s, 8 s, …. @defaultValue 5 */
  maxAttempts?: number;
  /** Delivery transport. @defaultValue globalThis.fetch */
  fetch?: (request: Request) => Promise<Response>;
  /** Timer for backoff and timeouts; may return a canceller function. @defaultValue setTimeout */
  schedule?: (delayMs: number, run: () => void) => unknown;
}

function defaultSchedule(delayMs: number, run: () => void): () => void {
  const timer = setTimeout(run, delayMs);
  // A pending retry must not keep a Node process alive on its own.
  (timer as { unref?: () => void }).unref?.();
  return () => clearTimeout(timer);
}

/** Fills in the defaults of a validated `webhooks` option. */
export function resolveWebhooks(
  webhooks: SandboxWebhookOptions | undefined,
): WebhookConfig | undefined {
  if (webhooks === undefined) {
    return undefined;
  }
  const schedule = webhooks.schedule;
  return {
    url: webhooks.url,
    secret: webhooks.secret,
    maxAttempts: webhooks.maxAttempts ?? 5,
    fetch: webhooks.fetch ?? ((request) => fetch(request)),
    schedule:
      schedule === undefined
        ? defaultSchedule
        : (delayMs, run) => {
            const cancel = schedule(delayMs, run);
            return typeof cancel === 'function' ? () => void cancel() : undefined;
          },
  };
}
