import type { Context } from 'hono';
import { ApiError, invalidInput } from '../api-error.js';
import type { ProxyEnv } from '../app-env.js';
import { PATH_PROBLEM_TEXT, splitRawUrl } from '../http/raw-path.js';
import type { OwnershipChecker } from '../ownership/ownership-checker.js';
import type { QuoteLedger } from '../stores/stores.js';
import type { ResolveUser } from '../types.js';
import type { UpstreamClient } from '../upstream/upstream-client.js';
import type { ExtraBodyMembers } from './body-members.js';
import { forwardServiceRequest } from './forward-service-request.js';
import { matchServiceRoute, type RouteMatch } from './match-route.js';
import type { ServiceRoute } from './route-table.js';

/** What the service handler needs. */
export interface ServiceHandlerDeps {
  /** `basePath + '/2025-10-13'`. */
  servicePrefix: string;
  routes: readonly ServiceRoute[];
  resolveUser: ResolveUser;
  /** Throws 429 when the key is over its limit. */
  limit: (key: string) => Promise<void>;
  upstream: UpstreamClient;
  ownership: OwnershipChecker;
  quotes: QuoteLedger;
  /** Opted-in body members per route key (`extraBodyMembers`). */
  extraBodyMembers?: ExtraBodyMembers;
}

/** The error for every non-match verdict of the matcher (400, 404, 405 with `Allow`). */
export function routeMatchError(
  match: Exclude<RouteMatch, { kind: 'match' }>,
  method: string,
): ApiError {
  switch (match.kind) {
    case 'bad-path': {
      return invalidInput(PATH_PROBLEM_TEXT[match.problem]);
    }
    case 'not-found': {
      return new ApiError(404, 'NOT_FOUND', 'No such route');
    }
    case 'method-not-allowed': {
      return new ApiError(405, 'METHOD_NOT_ALLOWED', `Method ${method} is not allowed here`, {
        headers: { Allow: match.allowed.join(', ') },
      });
    }
    case 'invalid-id': {
      return invalidInput(`Path id is not ${match.resource}:<uuid>`, [
        {
          field: match.param,
          constraint: { pattern: `^${match.resource}:<uuid>$` },
          message: 'Malformed id',
        },
      ]);
    }
    default: {
      return match satisfies never;
    }
  }
}

/**
 * Creates the handler of `basePath/2025-10-13/*`: match the raw path against the allowlist
 * (before authentication, so unknown routes cost nothing), resolve the user (401), apply the
 * per-user rate limit (429), then forward.
 */
export function createServiceHandler(
  deps: ServiceHandlerDeps,
): (c: Context<ProxyEnv>) => Promise<Response> {
  return async (c) => {
    const { path, query } = splitRawUrl(c.env?.rawUrl ?? c.req.url);
    const servicePath = path.startsWith(`${deps.servicePrefix}/`)
      ? path.slice(deps.servicePrefix.length)
      : '/';
    const match = matchServiceRoute(c.req.method, servicePath, deps.routes);
    if (match.kind !== 'match') {
      throw routeMatchError(match, c.req.method);
    }
    const user = await deps.resolveUser(c.req.raw);
    if (user === null || user === undefined) {
      throw new ApiError(401, 'UNAUTHORIZED', 'Not signed in', { reason: 'No signed-in app user' });
    }
    c.set('userId', user.userId);
    await deps.limit(`user ${user.userId}`);
    return forwardServiceRequest(c.req.raw, match, query, user, {
      upstream: deps.upstream,
      ownership: deps.ownership,
      quotes: deps.quotes,
      onUpstreamStatus: (status) => c.set('upstreamStatus', status),
      decoration: c.get('decoration'),
      ...(deps.extraBodyMembers === undefined ? {} : { extraBodyMembers: deps.extraBodyMembers }),
    });
  };
}
