/**
 * Identifiers `<ResourceName>:<uuid>` (docs/protocol.md §1). The emulator emits lowercase canonical
 * UUIDs and accepts either case on input, comparing ids in their canonical form.
 */
const UUID = '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}';

/**
 * Resource names used in ids. `Quote` is the emulator's (§11.6); `Verification`, `Document`,
 * `BeneficialOwner`, `Transaction` and `Event` are the emulator's too (the interface shows no
 * shapes for them).
 */
export type ResourceName =
  | 'InternalAccount'
  | 'Customer'
  | 'AuthMethod'
  | 'Session'
  | 'Request'
  | 'Quote'
  | 'Verification'
  | 'Document'
  | 'BeneficialOwner'
  | 'Transaction'
  | 'Event';

const PATTERNS = new Map<ResourceName, RegExp>();

function patternOf(name: ResourceName): RegExp {
  let pattern = PATTERNS.get(name);
  if (pattern === undefined) {
    pattern = new RegExp(`^${name}:${UUID}$`);
    PATTERNS.set(name, pattern);
  }
  return pattern;
}

/** The constraint pattern advertised in FieldErrors for an id of `name`. */
export function idPattern(name: ResourceName): string {
  return `^${name}:${UUID}$`;
}

/** Formats random bytes as a lowercase v4 UUID. */
export function uuidFrom(random: (bytes: number) => Uint8Array): string {
  const b = random(16);
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** A new id of `name`. */
export function newId(name: ResourceName, random: (bytes: number) => Uint8Array): string {
  return `${name}:${uuidFrom(random)}`;
}

/** True when `value` is `<name>:<uuid>` (UUID in either case). */
export function isId(value: unknown, name: ResourceName): value is string {
  return typeof value === 'string' && patternOf(name).test(value);
}

/** The canonical (lowercase UUID) form of a well-formed id, else `undefined`. */
export function canonicalId(value: unknown, name: ResourceName): string | undefined {
  return isId(value, name) ? `${name}:${value.slice(name.length + 1).toLowerCase()}` : undefined;
}
