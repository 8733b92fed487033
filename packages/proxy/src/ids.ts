/**
 * Service identifiers `<ResourceName>:<uuid>` (docs/protocol.md §1 "Identifiers"). The proxy compares
 * them as the service does: the prefix exactly, the UUID case-insensitively.
 */

/** Resource prefixes the proxy meets in paths, queries and bodies. */
export const RESOURCE_NAMES = [
  'InternalAccount',
  'Customer',
  'AuthMethod',
  'Session',
  'Quote',
  'Request',
  'Transaction',
] as const;

/** One of {@link RESOURCE_NAMES}. */
export type ResourceName = (typeof RESOURCE_NAMES)[number];

const UUID_PATTERN = '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}';
const PATTERNS = new Map<ResourceName, RegExp>(
  RESOURCE_NAMES.map((name) => [name, new RegExp(`^${name}:${UUID_PATTERN}$`)]),
);

/** True when `value` is `<name>:<uuid>` (docs/protocol.md §1). */
export function isResourceId(value: unknown, name: ResourceName): value is string {
  return typeof value === 'string' && PATTERNS.get(name)!.test(value);
}

/** Canonical form of a well-formed id: the prefix as is, the UUID lowercase. */
export function canonicalId(id: string): string {
  const colon = id.indexOf(':');
  return `${id.slice(0, colon)}:${id.slice(colon + 1).toLowerCase()}`;
}

/** True when two well-formed ids name the same resource (UUIDs compare case-insensitively). */
export function sameId(a: string, b: string): boolean {
  return canonicalId(a) === canonicalId(b);
}
