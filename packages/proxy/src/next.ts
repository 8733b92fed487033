/**
 * `@wallet-auth/proxy/next`: the proxy as a Next.js App Router catch-all route handler.
 *
 * @example
 * // app/api/[...path]/route.ts
 * export const { GET, POST, PATCH, DELETE, OPTIONS } = createNextRouteHandlers({ … });
 */
export {
  createNextRouteHandlers,
  type NextClientAddressSource,
  type NextRouteHandler,
  type NextRouteHandlerOptions,
  type NextRouteHandlers,
} from './adapters/next-route-handlers.js';
