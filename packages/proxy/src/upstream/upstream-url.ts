import { parseTemplate } from '../routes/match-route.js';

/** Encodes one path segment; `:` stays literal because ids are sent with it (docs/protocol.md §1). */
export function encodeSegment(segment: string): string {
  return encodeURIComponent(segment).replace(/%3A/gi, ':');
}

/** `{base_url}` without trailing slashes, per configured base (options refuse a query or fragment). */
const basePrefixes = new WeakMap<URL, string>();

function basePrefix(baseUrl: URL): string {
  let prefix = basePrefixes.get(baseUrl);
  if (prefix === undefined) {
    const base = new URL(baseUrl.href);
    base.search = '';
    base.hash = '';
    prefix = base.href.replace(/\/+$/, '');
    basePrefixes.set(baseUrl, prefix);
  }
  return prefix;
}

/**
 * Builds an upstream URL from the configured base, a route template and validated ids, one
 * encoded segment at a time and never by joining request text (docs/protocol.md §1 "Path ids").
 * An encoded segment is unreserved characters, `:` and `%XX` escapes, which a URL parser keeps
 * as they are, except `.` and `..`, which it would resolve: those throw (no valid id is one), so
 * the result never leaves the base origin or path.
 */
export function buildUpstreamUrl(
  baseUrl: URL,
  template: string,
  params: Record<string, string> = {},
  query?: URLSearchParams,
): string {
  let url = basePrefix(baseUrl);
  for (const part of parseTemplate(template)) {
    let segment: string;
    if ('literal' in part) {
      segment = part.literal;
    } else {
      const value = params[part.param];
      if (value === undefined || value === '') {
        throw new Error(`Missing path parameter "${part.param}" for ${template}`);
      }
      segment = value;
    }
    const encoded = encodeSegment(segment);
    if (encoded === '.' || encoded === '..' || encoded === '') {
      throw new Error('Upstream URL left the configured base');
    }
    url += `/${encoded}`;
  }
  const search = query === undefined ? '' : query.toString();
  return search === '' ? url : `${url}?${search}`;
}
