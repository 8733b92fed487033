import { checkRawPath, decodeSegments, type PathProblem } from '../http/raw-path.js';
import { isResourceId, type ResourceName } from '../ids.js';
import type { RouteMethod, ServiceRoute } from './route-table.js';

/** Outcome of matching a request against the allowlist; a pure value, no I/O. */
export type RouteMatch =
  | { kind: 'match'; route: ServiceRoute; params: Record<string, string> }
  | { kind: 'bad-path'; problem: PathProblem }
  | { kind: 'not-found' }
  | { kind: 'method-not-allowed'; allowed: RouteMethod[] }
  | { kind: 'invalid-id'; param: string; resource: ResourceName };

type TemplatePart = { literal: string } | { param: string };

/** Templates come from the route table: a handful, parsed once each (bounded all the same). */
const parsedTemplates = new Map<string, readonly TemplatePart[]>();
const PARSED_TEMPLATES_MAX = 256;

/** Splits a route template into literal and `{param}` parts (frozen; parsed once per template). */
export function parseTemplate(template: string): readonly TemplatePart[] {
  let parts = parsedTemplates.get(template);
  if (parts === undefined) {
    parts = Object.freeze(
      template
        .slice(1)
        .split('/')
        .map((part) =>
          Object.freeze(
            part.startsWith('{') && part.endsWith('}')
              ? { param: part.slice(1, -1) }
              : { literal: part },
          ),
        ),
    );
    if (parsedTemplates.size < PARSED_TEMPLATES_MAX) {
      parsedTemplates.set(template, parts);
    }
  }
  return parts;
}

function fits(parts: readonly TemplatePart[], segments: string[]): boolean {
  return (
    parts.length === segments.length &&
    parts.every((part, index) => !('literal' in part) || part.literal === segments[index])
  );
}

/** Positive when `a` is more specific than `b`: a literal beats a parameter, left to right. */
function compareSpecificity(a: readonly TemplatePart[], b: readonly TemplatePart[]): number {
  for (let index = 0; index < a.length; index++) {
    const aLiteral = 'literal' in a[index]! ? 1 : 0;
    const bLiteral = 'literal' in b[index]! ? 1 : 0;
    if (aLiteral !== bLiteral) {
      return aLiteral - bLiteral;
    }
  }
  return 0;
}

/**
 * Matches a method and a raw service path (relative to `{base_url}`) against an exact list of
 * (method, template) pairs (reliability catalogue BFF-02). Order of verdicts: a malformed path
 * (400), no template of that shape (404), the most specific template without this method (405),
 * a path id of the wrong form (400, BFF-04), else the route and its decoded ids.
 */
export function matchServiceRoute(
  method: string,
  rawPath: string,
  routes: readonly ServiceRoute[],
): RouteMatch {
  const problem = checkRawPath(rawPath);
  if (problem !== undefined) {
    return { kind: 'bad-path', problem };
  }
  const segments = decodeSegments(rawPath);
  let best: readonly TemplatePart[] | undefined;
  let group: ServiceRoute[] = [];
  for (const candidate of routes) {
    const parts = parseTemplate(candidate.template);
    if (!fits(parts, segments)) {
      continue;
    }
    const order = best === undefined ? 1 : compareSpecificity(parts, best);
    if (order > 0) {
      best = parts;
      group = [candidate];
    } else if (order === 0) {
      group.push(candidate);
    }
  }
  if (best === undefined) {
    return { kind: 'not-found' };
  }
  const chosen = group.find((candidate) => candidate.method === method);
  if (chosen === undefined) {
    return { kind: 'method-not-allowed', allowed: group.map((candidate) => candidate.method) };
  }
  const params: Record<string, string> = {};
  for (const [index, part] of best.entries()) {
    if ('param' in part) {
      const value = segments[index]!;
      if (chosen.idResource === undefined || !isResourceId(value, chosen.idResource)) {
        return {
          kind: 'invalid-id',
          param: part.param,
          resource: chosen.idResource ?? 'InternalAccount',
        };
      }
      params[part.param] = value;
    }
  }
  return { kind: 'match', route: chosen, params };
}
