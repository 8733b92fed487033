/**
 * The client's address behind load balancers. The socket's peer is the client unless it is one
 * of the configured `trustedProxies`; only then is the one configured header read —
 * `X-Forwarded-For` by default, or `Forwarded` (RFC 7239) — right to left, skipping trusted hops:
 * the first untrusted hop is the client. A header from any other peer is ignored, so a client
 * cannot pick its own address (BFF-33). Only one header is ever read: a balancer that appends to
 * `X-Forwarded-For` passes a client's own `Forwarded` through untouched, so reading the other
 * header (or preferring it) would let the client choose its address.
 */

/** The header the load balancers in front write the client's address to. */
export type ForwardedHeader = 'x-forwarded-for' | 'forwarded';

/** An address range: IPv4 or IPv6 bytes and a prefix length. */
interface Range {
  bytes: Uint8Array;
  prefix: number;
}

function parseIpv4(text: string): Uint8Array | undefined {
  const parts = text.split('.');
  if (parts.length !== 4 || !parts.every((part) => /^(0|[1-9]\d{0,2})$/.test(part))) {
    return undefined;
  }
  const bytes = parts.map(Number);
  return bytes.every((byte) => byte <= 255) ? Uint8Array.from(bytes) : undefined;
}

function parseIpv6(text: string): Uint8Array | undefined {
  let source = text;
  if (source.includes('.')) {
    // A trailing dotted IPv4 (`::ffff:192.0.2.1`) becomes its two 16-bit words.
    const lastColon = source.lastIndexOf(':');
    const v4 = lastColon < 0 ? undefined : parseIpv4(source.slice(lastColon + 1));
    if (v4 === undefined) {
      return undefined;
    }
    const word = (high: number, low: number) => ((high << 8) | low).toString(16);
    source = `${source.slice(0, lastColon + 1)}${word(v4[0]!, v4[1]!)}:${word(v4[2]!, v4[3]!)}`;
  }
  const halves = source.split('::');
  if (halves.length > 2) {
    return undefined;
  }
  const group = (part: string) => (part === '' ? [] : part.split(':'));
  const head = group(halves[0]!);
  const rest = halves.length === 2 ? group(halves[1]!) : [];
  if (![...head, ...rest].every((word) => /^[0-9a-fA-F]{1,4}$/.test(word))) {
    return undefined;
  }
  const missing = 8 - head.length - rest.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) {
    return undefined;
  }
  const values = [
    ...head.map((word) => Number.parseInt(word, 16)),
    ...Array.from({ length: halves.length === 2 ? missing : 0 }, () => 0),
    ...rest.map((word) => Number.parseInt(word, 16)),
  ];
  return Uint8Array.from(values.flatMap((value) => [value >> 8, value & 0xff]));
}

/**
 * Parses an IP address as Node reports it or a header carries it (`::ffff:` IPv4-mapped forms
 * count as IPv4; brackets, a port and an IPv6 zone are dropped), to its bytes.
 */
export function parseIp(text: string): Uint8Array | undefined {
  let value = text.trim();
  const bracketed = /^\[([^\]]+)\](?::\d{1,5})?$/.exec(value);
  if (bracketed !== null) {
    value = bracketed[1]!;
  } else if (/^[\d.]+:\d{1,5}$/.test(value)) {
    value = value.slice(0, value.indexOf(':'));
  }
  value = value.replace(/%[\w.-]+$/, '');
  const v4 = parseIpv4(value);
  if (v4 !== undefined) {
    return v4;
  }
  const v6 = parseIpv6(value);
  if (v6?.slice(0, 12).every((byte, i) => byte === (i >= 10 ? 0xff : 0))) {
    return v6.slice(12);
  }
  return v6;
}

/** Canonical text of an address (dotted IPv4, full lowercase IPv6) for rate-limit keys. */
export function formatIp(bytes: Uint8Array): string {
  if (bytes.length === 4) {
    return bytes.join('.');
  }
  const words = Array.from({ length: 8 }, (_, i) =>
    ((bytes[2 * i]! << 8) | bytes[2 * i + 1]!).toString(16),
  );
  return words.join(':');
}

/** Parses `trustedProxies` entries (`10.0.0.0/8`, `192.168.1.7`, `::1`, `fd00::/8`). */
export function parseRange(entry: string): Range | undefined {
  const [address, prefixText, extra] = entry.trim().split('/');
  if (extra !== undefined || address === undefined) {
    return undefined;
  }
  const bytes = parseIp(address);
  if (bytes === undefined) {
    return undefined;
  }
  const max = bytes.length * 8;
  // An IPv4-mapped range (`::ffff:10.0.0.0/104`) shrinks to its IPv4 prefix.
  const mappedShift = bytes.length === 4 && address.includes(':') ? 96 : 0;
  const prefix = prefixText === undefined ? max : Number(prefixText) - mappedShift;
  if (prefixText !== undefined && !/^\d{1,3}$/.test(prefixText)) {
    return undefined;
  }
  return Number.isInteger(prefix) && prefix >= 0 && prefix <= max ? { bytes, prefix } : undefined;
}

function inRange(bytes: Uint8Array, range: Range): boolean {
  if (bytes.length !== range.bytes.length) {
    return false;
  }
  const whole = Math.floor(range.prefix / 8);
  for (let i = 0; i < whole; i++) {
    if (bytes[i] !== range.bytes[i]) {
      return false;
    }
  }
  const bits = range.prefix % 8;
  if (bits === 0) {
    return true;
  }
  const mask = (0xff << (8 - bits)) & 0xff;
  return (bytes[whole]! & mask) === (range.bytes[whole]! & mask);
}

/** The hops a request passed, nearest last, from the configured header only. */
function forwardedChain(headers: Headers, header: ForwardedHeader): string[] | undefined {
  if (header === 'forwarded') {
    const forwarded = headers.get('Forwarded');
    if (forwarded === null) {
      return undefined;
    }
    return forwarded.split(',').map((element) => {
      const pair = element
        .split(';')
        .map((part) => part.trim())
        .find((part) => part.toLowerCase().startsWith('for='));
      return pair === undefined ? '' : pair.slice(4).replace(/^"(.*)"$/, '$1');
    });
  }
  const xff = headers.get('X-Forwarded-For');
  return xff === null ? undefined : xff.split(',').map((part) => part.trim());
}

/**
 * Ranges only peers inside the deployment's own network can have: RFC 1918, RFC 6598 (CGNAT),
 * loopback and link-local; IPv6 unique-local, link-local and loopback. Trusting them all is the
 * usual "our internal network" setting, so they do not count towards the share of the space a
 * `trustedProxies` set may cover.
 */
const INTERNAL_RANGES = [
  '10.0.0.0/8',
  '172.16.0.0/12',
  '192.168.0.0/16',
  '100.64.0.0/10',
  '127.0.0.0/8',
  '169.254.0.0/16',
  '::1/128',
  'fc00::/7',
  'fe80::/10',
].map((entry) => parseRange(entry)!);

/** The default of `trustedProxiesMaxShare`: 1/65536 of a family, e.g. one IPv4 `/16`. */
export const DEFAULT_TRUSTED_PROXIES_MAX_SHARE = 2 ** -16;

const contains = (outer: Range, inner: Range) =>
  outer.prefix <= inner.prefix && inRange(inner.bytes, outer);

/**
 * The share of the IPv4 and of the IPv6 address space that `ranges` cover together, ranges
 * inside {@link INTERNAL_RANGES} left out. CIDR blocks either nest or are disjoint, so the union
 * is the sum over the blocks no other block contains.
 */
function trustedShare(ranges: readonly Range[]): { ipv4: number; ipv6: number } {
  const outermost = ranges.filter(
    (range, index) =>
      !INTERNAL_RANGES.some((internal) => contains(internal, range)) &&
      !ranges.some(
        (other, at) =>
          at !== index && contains(other, range) && (other.prefix < range.prefix || at < index), // equal blocks: keep the first only
      ),
  );
  const share = (family: number) =>
    outermost
      .filter((range) => range.bytes.length === family)
      .reduce((sum, range) => sum + 2 ** -range.prefix, 0);
  return { ipv4: share(4), ipv6: share(16) };
}

/** `1/65536`-style text of a share, for messages. */
function shareText(share: number): string {
  return share >= 1 ? 'all' : `1/${Math.round(1 / share)}`;
}

/** Throws when the ranges cover more of IPv4 or IPv6 than `maxShare` allows (BFF-49). */
function checkShare(ranges: readonly Range[], entries: readonly string[], maxShare: number): void {
  const covered = trustedShare(ranges);
  for (const [family, share] of [
    ['IPv4', covered.ipv4],
    ['IPv6', covered.ipv6],
  ] as const) {
    if (share > maxShare) {
      const listed = entries.filter(
        (_, index) => ranges[index]!.bytes.length === (family === 'IPv4' ? 4 : 16),
      );
      throw new TypeError(
        `trustedProxies cover ${shareText(share)} of the ${family} address space outside private ranges (${listed.join(', ')}), more than trustedProxiesMaxShare (${shareText(maxShare)}): any client behind them could choose its own address. List your load balancers' addresses, or raise trustedProxiesMaxShare`,
      );
    }
  }
}

/** Resolves a request's client address from its socket peer and, from trusted peers, its headers. */
export type ClientAddressResolver = (headers: Headers, peer: string | undefined) => string;

/** The key used when no address is known (no adapter passed one). */
export const UNKNOWN_ADDRESS = 'unknown';

/**
 * Creates the resolver for `trustedProxies` (validated at start; an invalid entry, one that
 * trusts every address, or a set covering more than `maxShare` of IPv4 or IPv6 outside the
 * private ranges, throws a `TypeError` naming it).
 * @param trustedProxies - Addresses or CIDR ranges of the load balancers in front.
 * @param header - The header they write. @defaultValue 'x-forwarded-for'
 * @param maxShare - Largest share of a family's space the set may cover. @defaultValue 1/65536
 */
export function createClientAddressResolver(
  trustedProxies: readonly string[],
  header: ForwardedHeader = 'x-forwarded-for',
  maxShare = DEFAULT_TRUSTED_PROXIES_MAX_SHARE,
): ClientAddressResolver {
  const ranges = trustedProxies.map((entry) => {
    const range = parseRange(entry);
    if (range === undefined) {
      throw new TypeError(`trustedProxies entry "${entry}" is not an IP address or CIDR range`);
    }
    if (range.prefix === 0) {
      // Trusting every peer lets any client write its own address: list the balancers instead.
      throw new TypeError(
        `trustedProxies entry "${entry}" trusts every address, so any client could choose its own; list the addresses or ranges of your load balancers`,
      );
    }
    return range;
  });
  checkShare(ranges, trustedProxies, maxShare);
  const trusted = (bytes: Uint8Array) => ranges.some((range) => inRange(bytes, range));
  return (headers, peer) => {
    const peerBytes = peer === undefined ? undefined : parseIp(peer);
    if (peerBytes === undefined) {
      return UNKNOWN_ADDRESS;
    }
    if (ranges.length === 0 || !trusted(peerBytes)) {
      return formatIp(peerBytes);
    }
    const chain = forwardedChain(headers, header);
    let client = peerBytes;
    for (let i = (chain?.length ?? 0) - 1; i >= 0; i--) {
      const hop = parseIp(chain![i]!);
      if (hop === undefined) {
        // A hop a trusted proxy could not have written: the nearest trusted hop answers for it.
        break;
      }
      client = hop;
      if (!trusted(hop)) {
        break;
      }
    }
    return formatIp(client);
  };
}
