/**
 * The route table as "<METHOD> <path template>" strings, written as wire-format §12 and §11.6
 * write them. Options `processing` and `faults` name routes this way (§14), and the fault layer
 * matches incoming requests against it.
 */

/** Every route the emulator serves. */
export const ROUTE_TEMPLATES = [
  'GET /customers/internal-accounts',
  'GET /customers/end-user-terms',
  'POST /internal-accounts',
  'PATCH /internal-accounts/{id}',
  'POST /internal-accounts/{id}/export',
  'POST /customers',
  'GET /customers/{customerId}',
  'PATCH /customers/{customerId}',
  'POST /verifications',
  'POST /documents',
  'POST /auth/credentials',
  'GET /auth/credentials',
  'DELETE /auth/credentials/{id}',
  'POST /auth/credentials/{id}/challenge',
  'POST /auth/credentials/{id}/verify',
  'GET /auth/sessions',
  'POST /auth/sessions/{id}/refresh',
  'DELETE /auth/sessions/{id}',
  'POST /quotes',
  'POST /quotes/{quoteId}/execute',
  'POST /transfer-in',
  'POST /transfer-out',
  'POST /sandbox/internal-accounts/{id}/fund',
  'GET /sandbox/events',
] as const;

/** One route template string. */
export type RouteTemplate = (typeof ROUTE_TEMPLATES)[number];

/** Routes whose accepted sends may answer PROCESSING (wire-format §11.4). */
export const PROCESSING_ROUTES: readonly RouteTemplate[] = [
  'POST /auth/credentials',
  'DELETE /auth/credentials/{id}',
  'POST /auth/credentials/{id}/challenge',
  'POST /auth/credentials/{id}/verify',
  'POST /auth/sessions/{id}/refresh',
  'DELETE /auth/sessions/{id}',
  'POST /internal-accounts/{id}/export',
  'PATCH /internal-accounts/{id}',
  'PATCH /customers/{customerId}',
  'POST /quotes/{quoteId}/execute',
];

const COMPILED = ROUTE_TEMPLATES.map((template) => {
  const space = template.indexOf(' ');
  const method = template.slice(0, space);
  const source = template
    .slice(space + 1)
    .split('/')
    .map((segment) =>
      segment.startsWith('{') ? '[^/]+' : segment.replace(/[.*+?^$()|[\]\\]/g, '\\$&'),
    )
    .join('/');
  return { template, method, pattern: new RegExp(`^${source}$`) };
});

/** True when `value` names a known route. */
export function isRouteTemplate(value: string): value is RouteTemplate {
  return (ROUTE_TEMPLATES as readonly string[]).includes(value);
}

/**
 * The template matching a request, given the path relative to the base path; literal segments
 * win over placeholders (so `/customers/internal-accounts` is never `/customers/{customerId}`).
 */
export function matchRouteTemplate(method: string, path: string): RouteTemplate | undefined {
  let best: RouteTemplate | undefined;
  let bestLiterals = -1;
  for (const route of COMPILED) {
    if (route.method === method && route.pattern.test(path)) {
      const literals = route.template.split('/').filter((s) => !s.startsWith('{')).length;
      if (literals > bestLiterals) {
        best = route.template;
        bestLiterals = literals;
      }
    }
  }
  return best;
}
