import { parseTemplate } from '../routes/match-route.js';

/** Encodes one path segment; `:` stays literal because ids are sent with it (wire-format §1). */
export function encodeSegment(segment: string): string {
  return encodeURIComponent(segment).replace(/%3A/gi, ':');
}

/**
 * Builds an upstream URL from the configured base, a route template and validated ids, one
 * encoded segment at a time and never by joining request text (wire-format §1 "Path ids").
 * Throws when the result would leave the base origin or path, which no valid input can cause.
 */
export function buildUpstreamUrl(
  baseUrl: URL,
  template: string,
  params: Record<string, string> = {},
  query?: URLSearchParams,
): URL {
  const basePath = baseUrl.pathname.replace(/\/+$/, '');
  const segments = parseTemplate(template).map((part) => {
    if ('literal' in part) {
      return encodeSegment(part.literal);
    }
    const value = params[part.param];
    if (value === undefined || value === '') {
      throw new Error(`Missing path parameter "${part.param}" for ${template}`);
    }
    return encodeSegment(value);
  });
  const expectedPath = `${basePath}/${segments.join('/')}`;
  const url = new URL(baseUrl.href);
  url.pathname = expectedPath;
  url.search = query === undefined ? '' : query.toString();
  url.hash = '';
  if (
    url.origin !== baseUrl.origin ||
    url.pathname !== expectedPath ||
    !url.pathname.startsWith(`${basePath}/`)
  ) {
    throw new Error('Upstream URL left the configured base');
  }
  return url;
}
