/** Identifiers `<ResourceName>:<uuid>` (service interface: Resources), lowercase canonical UUIDs. */
const UUID = '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}';

export type ResourceName = 'InternalAccount' | 'Customer' | 'AuthMethod' | 'Session' | 'Request' | 'Quote';

/** Formats random bytes as a v4 UUID. */
export function uuidFrom(random: (bytes: number) => Uint8Array): string {
  const b = random(16);
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function newId(name: ResourceName, random: (bytes: number) => Uint8Array): string {
  return `${name}:${uuidFrom(random)}`;
}

/** True when `value` is `<name>:<uuid>`. */
export function isId(value: unknown, name: ResourceName): value is string {
  return typeof value === 'string' && new RegExp(`^${name}:${UUID}$`).test(value);
}
