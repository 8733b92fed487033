/** Options of `parseRetryAfter`. */
export interface ParseRetryAfterOptions {
  /** The response's `Date` header, the reference for an HTTP-date value when present. */
  date?: string | null;
  /** Clock used when no usable `Date` header is given; defaults to `Date.now`. */
  now?: () => number;
}

const deltaSeconds = /^\d+$/;

/**
 * Parses a `Retry-After` header (RFC 9110 §10.2.3) into whole seconds to wait, or `undefined`.
 * An HTTP-date is measured from the response's `Date` header when present (so a skewed client
 * clock does not matter, docs/protocol.md §1 Timestamps), else from `now()`; past dates give 0.
 * @param value - The raw header value.
 * @param options - Reference date and clock.
 */
export function parseRetryAfter(
  value: string | null | undefined,
  options: ParseRetryAfterOptions = {},
): number | undefined {
  if (value === null || value === undefined) {
    return undefined;
  }
  const trimmed = value.trim();
  if (deltaSeconds.test(trimmed)) {
    const seconds = Number(trimmed);
    return Number.isSafeInteger(seconds) ? seconds : undefined;
  }
  // Every HTTP-date form (IMF-fixdate, RFC 850, asctime) starts with a day name.
  const target = /^[A-Za-z]{3}/.test(trimmed) ? Date.parse(trimmed) : Number.NaN;
  if (Number.isNaN(target)) {
    return undefined;
  }
  const serverNow = options.date ? Date.parse(options.date) : Number.NaN;
  const reference = Number.isNaN(serverNow) ? (options.now ?? Date.now)() : serverNow;
  return Math.max(0, Math.ceil((target - reference) / 1000));
}
