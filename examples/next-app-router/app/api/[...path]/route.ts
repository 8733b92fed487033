// The wallet proxy: every /api/2025-10-13/… request, for the signed-in app user's own wallet.
import { createNextRouteHandlers } from '@wallet-auth/proxy/next';
import { bindings, origin, upstream, userIdFrom } from '../../../lib/wallet';

export const { GET, POST, PATCH, DELETE, OPTIONS } = createNextRouteHandlers({
  upstream,
  allowedOrigins: [origin],
  resolveUser: bindings.resolveUser((request) =>
    userIdFrom(/(?:^|;\s*)session=([\w.-]+)/.exec(request.headers.get('Cookie') ?? '')?.[1]),
  ),
});
