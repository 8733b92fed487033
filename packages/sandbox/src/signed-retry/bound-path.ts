/**
 * The path a signed-retry challenge is bound to (docs/protocol.md §11.2): the path below the base path,
 * each segment decoded once (§1), so `:` and `%3A` spellings of an id bind alike.
 */
import type { Context } from 'hono';

/** The decoded path below the base path, each segment decoded once (§1). */
export function boundPath(c: Context): string {
  const pathname = new URL(c.req.url).pathname;
  const below = pathname.slice(pathname.indexOf('/', 1));
  return below
    .split('/')
    .map((segment) => {
      try {
        return decodeURIComponent(segment);
      } catch {
        return segment;
      }
    })
    .join('/');
}
