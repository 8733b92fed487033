/**
 * Path ids (docs/protocol.md §1): sent with a literal `:` or `%3A`, decoded exactly once by the router;
 * a wrong prefix or form is 400 `INVALID_INPUT`.
 */
import type { Context } from 'hono';
import { invalidField } from '../api-error.js';
import { canonicalId, idPattern, type ResourceName } from '../ids.js';

/** The canonical id in path parameter `param`, or a thrown 400. */
export function pathId(c: Context, param: string, resource: ResourceName): string {
  const id = canonicalId(c.req.param(param), resource);
  if (id === undefined) {
    throw invalidField(param, `Must be a ${resource} id`, { pattern: idPattern(resource) });
  }
  return id;
}
