/**
 * Seeded test faults (docs/protocol.md §14 option `faults`; catalogue EMU-05): per route template or
 * `*`, with probability `rate` drawn from a PRNG seeded by `seed`, a request is delayed
 * (`latency`), dropped before or after its effect commits (the fetch rejects, like a socket reset),
 * answered 429 or 500, or gets a truncated body; `processing` rules add PROCESSING answers to an
 * accepted signed send (drawn at acceptance).
 */
import { ApiError } from './api-error.js';
import type { ResolvedSandboxOptions, SandboxFaultRule } from './options.js';
import { matchRouteTemplate, type RouteTemplate } from './route-templates.js';

/** The rejection of a dropped connection; the CLI turns it into a socket reset. */
export class SandboxConnectionDropped extends TypeError {
  /** Whether the request's effect was committed before the drop. */
  readonly committed: boolean;

  constructor(committed: boolean) {
    super('fetch failed: connection reset by the sandbox fault injector');
    this.name = 'SandboxConnectionDropped';
    this.committed = committed;
  }
}

/** mulberry32: a small, fast, seedable PRNG (deterministic across platforms). */
function createPrng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function envelope(error: ApiError): Response {
  return new Response(JSON.stringify(error.toJSON()), {
    status: error.status,
    headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', ...error.headers },
  });
}

/** The fault layer of one emulator. */
export interface FaultInjector {
  /** Runs `handler` for `request` with the faults drawn for it. */
  run: (request: Request, handler: (request: Request) => Promise<Response>) => Promise<Response>;
  /** PROCESSING answers owed at acceptance: the configured count, or a drawn `processing` fault. */
  processingTimes: (template: RouteTemplate, configured: number) => number;
}

/** Creates the fault layer; with no `faults` option it is a pass-through. */
export function createFaultInjector(options: ResolvedSandboxOptions): FaultInjector {
  const faults = options.faults;
  if (faults === undefined || faults.rules.length === 0) {
    return {
      run: (request, handler) => handler(request),
      processingTimes: (_t, configured) => configured,
    };
  }
  const random = createPrng(faults.seed);
  const applies = (rule: SandboxFaultRule, template: RouteTemplate | undefined) =>
    rule.route === '*' || rule.route === template;
  const basePrefix = '/2025-10-13';

  return {
    processingTimes: (template, configured) => {
      for (const rule of faults.rules) {
        if (rule.kind === 'processing' && applies(rule, template) && random() < rule.rate) {
          return rule.times ?? 1;
        }
      }
      return configured;
    },
    run: async (request, handler) => {
      const pathname = new URL(request.url).pathname;
      const template = pathname.startsWith(`${basePrefix}/`)
        ? matchRouteTemplate(request.method, pathname.slice(basePrefix.length))
        : undefined;
      let delay = 0;
      let chosen: SandboxFaultRule | undefined;
      for (const rule of faults.rules) {
        if (rule.kind === 'processing' || !applies(rule, template) || random() >= rule.rate) {
          continue;
        }
        if (rule.kind === 'latency') {
          delay += rule.ms ?? 0;
        } else if (chosen === undefined) {
          chosen = rule;
        }
      }
      if (delay > 0) {
        await new Promise((resolve) => setTimeout(resolve, delay));
      }
      switch (chosen?.kind) {
        case undefined:
          return handler(request);
        case 'dropBeforeCommit':
          throw new SandboxConnectionDropped(false);
        case 'rateLimit':
          return envelope(
            new ApiError(429, 'RATE_LIMITED', 'Rate limited (sandbox fault)', {
              headers: { 'Retry-After': String(chosen.retryAfter ?? 1) },
            }),
          );
        case 'serverError':
          return envelope(new ApiError(500, 'INTERNAL_ERROR', 'Internal error (sandbox fault)'));
        case 'dropAfterCommit':
          await handler(request);
          throw new SandboxConnectionDropped(true);
        case 'truncateBody': {
          const response = await handler(request);
          if (response.body === null) {
            return response;
          }
          const bytes = new Uint8Array(await response.arrayBuffer());
          const headers = new Headers(response.headers);
          headers.delete('Content-Length');
          return new Response(bytes.slice(0, Math.floor(bytes.length / 2)), {
            status: response.status,
            headers,
          });
        }
        default:
          return handler(request);
      }
    },
  };
}
