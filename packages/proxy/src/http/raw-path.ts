/**
 * The request target exactly as received, before any URL normalisation. `new URL()` resolves
 * `%2e%2e` and `\` silently, and Node adapters hand raw targets through, so the proxy judges the
 * raw string itself (reliability catalogue BFF-01, BFF-02; docs/protocol.md §1 "Path ids").
 */

/** The raw path and raw query (without `?`) of a request URL. */
export interface RawTarget {
  path: string;
  query: string;
}

/** Why a raw path was refused; each maps to 400 `INVALID_INPUT`. */
export type PathProblem =
  | 'not-absolute'
  | 'too-long'
  | 'invalid-character'
  | 'backslash'
  | 'bad-escape'
  | 'double-encoding'
  | 'encoded-separator'
  | 'empty-segment'
  | 'dot-segment';

/** Longest raw path the proxy reads; every allowlisted path is far shorter. */
export const MAX_PATH_LENGTH = 2048;

/** Human-readable text for each {@link PathProblem}, used in error messages. */
export const PATH_PROBLEM_TEXT: Record<PathProblem, string> = {
  'not-absolute': 'The path must start with a single "/"',
  'too-long': `The path is longer than ${MAX_PATH_LENGTH} characters`,
  'invalid-character': 'The path contains a character outside printable ASCII',
  backslash: 'The path contains a backslash',
  'bad-escape': 'The path contains a malformed percent escape',
  'double-encoding': 'The path contains an encoded "%" (double encoding)',
  'encoded-separator': 'The path contains an encoded "/" or "\\"',
  'empty-segment': 'The path contains an empty segment ("//" or a trailing "/")',
  'dot-segment': 'The path contains a "." or ".." segment',
};

/**
 * Splits a request URL string into its raw path and raw query without parsing it as a URL.
 * An absolute-form URL keeps only what follows its authority; the fragment is dropped.
 */
export function splitRawUrl(url: string): RawTarget {
  let rest = url;
  const scheme = /^[A-Za-z][A-Za-z0-9+.-]*:\/\//.exec(rest);
  if (scheme !== null) {
    const afterAuthority = rest.slice(scheme[0].length);
    const slash = afterAuthority.search(/[/?#]/);
    rest = slash < 0 ? '' : afterAuthority.slice(slash);
  }
  const hash = rest.indexOf('#');
  if (hash >= 0) {
    rest = rest.slice(0, hash);
  }
  const question = rest.indexOf('?');
  return question < 0
    ? { path: rest, query: '' }
    : { path: rest.slice(0, question), query: rest.slice(question + 1) };
}

function isPrintableAscii(code: number): boolean {
  return code >= 0x21 && code <= 0x7e;
}

/**
 * Checks a raw path and returns the first problem found, or `undefined` when the path is a clean
 * sequence of non-empty segments whose single decoding is printable ASCII without `/`, `\`,
 * `%`, or a `.`/`..` segment. The root path `/` is clean and has no segments.
 */
export function checkRawPath(path: string): PathProblem | undefined {
  if (!path.startsWith('/')) {
    return 'not-absolute';
  }
  if (path.length > MAX_PATH_LENGTH) {
    return 'too-long';
  }
  for (let index = 0; index < path.length; index++) {
    const code = path.charCodeAt(index);
    if (!isPrintableAscii(code)) {
      return 'invalid-character';
    }
    if (code === 0x5c) {
      return 'backslash';
    }
    if (code === 0x25) {
      const hex = path.slice(index + 1, index + 3);
      if (!/^[0-9A-Fa-f]{2}$/.test(hex)) {
        return 'bad-escape';
      }
      const byte = Number.parseInt(hex, 16);
      if (byte === 0x25) {
        return 'double-encoding';
      }
      if (byte === 0x2f || byte === 0x5c) {
        return 'encoded-separator';
      }
      if (!isPrintableAscii(byte)) {
        return 'invalid-character';
      }
      index += 2;
    }
  }
  if (path === '/') {
    return undefined;
  }
  for (const segment of path.slice(1).split('/')) {
    if (segment === '') {
      return 'empty-segment';
    }
    const decoded = decodeURIComponent(segment);
    if (decoded === '.' || decoded === '..') {
      return 'dot-segment';
    }
  }
  return undefined;
}

/**
 * The segments of a path that passed {@link checkRawPath}, each percent-decoded exactly once
 * (`AuthMethod%3A…` → `AuthMethod:…`, docs/protocol.md §1).
 */
export function decodeSegments(path: string): string[] {
  if (path === '/' || path === '') {
    return [];
  }
  return path
    .slice(1)
    .split('/')
    .map((segment) => decodeURIComponent(segment));
}
