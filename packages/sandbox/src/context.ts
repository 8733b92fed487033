/**
 * The dependencies every route receives: options, state, the enclave, the signed-retry request
 * store, in-flight PROCESSING answers, rate limits, the PROCESSING policy and the event log.
 */
import type { RateLimiter } from './auth/rate-limits.js';
import type { Enclave } from './enclave/enclave.js';
import type { EventLog } from './events/event-log.js';
import type { ResolvedSandboxOptions } from './options.js';
import type { RouteTemplate } from './route-templates.js';
import type { InflightStore } from './signed-retry/inflight.js';
import type { RequestStore } from './signed-retry/request-store.js';
import type { SandboxState } from './state/sandbox-state.js';

/** Shared dependencies of the emulator's routes. */
export interface SandboxContext {
  options: ResolvedSandboxOptions;
  state: SandboxState;
  enclave: Enclave;
  requests: RequestStore;
  inflight: InflightStore;
  rateLimits: RateLimiter;
  /** PROCESSING answers owed for an accepted send on `template` (option `processing` + faults). */
  processingTimes: (template: RouteTemplate) => number;
  /** Webhook events (docs/service-api.md, Events), logged and delivered. */
  events: EventLog;
}
