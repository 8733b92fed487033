/**
 * The webhook event records (docs/service-api.md, Events): the event as delivered and its
 * delivery state. Declared apart so the event log and the dispatcher name them without
 * importing each other.
 */

/** A webhook event, exactly as delivered. */
export interface WebhookEvent {
  /** `Event:<uuid>`. */
  id: string;
  /** e.g. `VERIFICATION.IN_PROGRESS`, `CUSTOMER.KYC_APPROVED`. */
  type: string;
  /** ISO 8601 (docs/protocol.md §1). */
  createdAt: string;
  /** A snapshot of the resource at emission time (a Verification or a Customer). */
  data: Record<string, unknown>;
}

/** Delivery state of one event to the configured webhook URL. */
export interface DeliveryState {
  status: 'PENDING' | 'DELIVERED' | 'FAILED';
  attempts: number;
  /** HTTP status of the last attempt, when one answered. */
  lastResponseStatus?: number;
  /** Why the last attempt failed (network error, timeout, non-2xx). */
  lastError?: string;
}

/** An event with its customer (for filtering) and its delivery state (when webhooks are on). */
export interface LoggedEvent {
  event: WebhookEvent;
  customerId: string | undefined;
  delivery: DeliveryState | undefined;
}
