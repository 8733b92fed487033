/**
 * The route table as "<METHOD> <path template>" strings, written as docs/protocol.md §12 and §11.6
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
  'GET /customers',
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
  'GET /transactions',
  'GET /transactions/{transactionId}',
  'POST /sandbox/internal-accounts/{id}/fund',
  'GET /sandbox/events',
] as const;

/** One route template string. */
export type RouteTemplate = (typeof ROUTE_TEMPLATES)[number];

/** Routes whose accepted sends may answer PROCESSING (docs/protocol.md §11.4). */
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

const UUID_SEGMENT = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const PATH_WORD = /^[a-z][a-z0-9]*(?:[-_.][a-z0-9]+)*$/;

/**
 * True when a path segment in an id position is meant as an id. Ids are `<ResourceName>:<uuid>`
 * (docs/protocol.md §1), never a lowercase path word, so a segment such as `external-accounts` names a
 * path the emulator does not serve (`GET /customers/external-accounts` is not
 * `GET /customers/{customerId}`); anything else — a well-formed id, a mangled one, a bare UUID —
 * reaches the route, which answers 400 when it is malformed.
 */
export function isIdSegment(segment: string): boolean {
  return UUID_SEGMENT.test(segment) || !PATH_WORD.test(segment);
}

interface CompiledRoute {
  template: RouteTemplate;
  segments: string[];
  literals: number;
}

/** The templates by method, split into path segments once. */
const COMPILED = new Map<string, CompiledRoute[]>();
for (const template of ROUTE_TEMPLATES) {
  const space = template.indexOf(' ');
  const method = template.slice(0, space);
  const segments = template.slice(space + 1).split('/');
  const literals = segments.filter((segment) => !segment.startsWith('{')).length;
  COMPILED.set(method, [...(COMPILED.get(method) ?? []), { template, segments, literals }]);
}

/** True when a route's template serves `path`'s segments. */
function serves(templateSegments: readonly string[], pathSegments: readonly string[]): boolean {
  return (
    templateSegments.length === pathSegments.length &&
    templateSegments.every((segment, index) =>
      segment.startsWith('{') ? isIdSegment(pathSegments[index]!) : segment === pathSegments[index],
    )
  );
}

/** True when `value` names a known route. */
export function isRouteTemplate(value: string): value is RouteTemplate {
  return (ROUTE_TEMPLATES as readonly string[]).includes(value);
}

/**
 * The template serving a request, given its (still percent-encoded) path relative to the base
 * path, or `undefined` when the emulator serves no such route; `HEAD` is matched as `GET`. A
 * placeholder only takes an id-like segment ({@link isIdSegment}), and literal segments win
 * over placeholders.
 */
export function matchRouteTemplate(method: string, path: string): RouteTemplate | undefined {
  const pathSegments = path.split('/');
  let best: CompiledRoute | undefined;
  for (const route of COMPILED.get(method === 'HEAD' ? 'GET' : method) ?? []) {
    if (
      serves(route.segments, pathSegments) &&
      (best === undefined || route.literals > best.literals)
    ) {
      best = route;
    }
  }
  return best?.template;
}
