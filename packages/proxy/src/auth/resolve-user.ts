import { isResourceId } from '../ids.js';
import type { ProxyUser, ResolveUser } from '../types.js';
import type { DemoAuth } from './demo-auth.js';

function checkUser(user: ProxyUser): ProxyUser {
  if (
    typeof user !== 'object' ||
    user === null ||
    typeof user.userId !== 'string' ||
    user.userId === '' ||
    !isResourceId(user.customerId, 'Customer') ||
    !isResourceId(user.accountId, 'InternalAccount')
  ) {
    throw new Error(
      'resolveUser returned a user without userId, Customer:<uuid> and InternalAccount:<uuid>',
    );
  }
  return user;
}

/**
 * The one user resolver the proxy calls: the integrator's `resolveUser` (its answer checked for
 * the id forms of docs/protocol.md §1) or else the demo cookie.
 */
export function createUserResolver(
  plugin: ResolveUser | undefined,
  demoAuth: DemoAuth | undefined,
): ResolveUser {
  if (plugin !== undefined) {
    return async (request) => {
      const user = await plugin(request);
      return user === null || user === undefined ? null : checkUser(user);
    };
  }
  return async (request) => {
    const current = await demoAuth!.current(request);
    return current === null
      ? null
      : {
          userId: current.user.userId,
          customerId: current.user.customerId,
          accountId: current.user.accountId,
        };
  };
}
