/**
 * Per-member allowlists of request bodies (BFF-47): a body reaches the service only when every
 * member, nested ones included, is one the kit itself sends on that route, with the JSON type the
 * kit gives it. Anything else is refused with 400 `INVALID_INPUT` naming each member in
 * `details.errors`, before any upstream call; values are the service's to judge. The bytes that
 * pass are forwarded unchanged (a stamp covers them, docs/protocol.md §11.2).
 */
import type { FieldError } from '../api-error.js';

/** The JSON type of a leaf member; `strings` is an array of strings; `any` only for opt-ins. */
export type MemberType = 'string' | 'number' | 'boolean' | 'strings' | 'any';

/** The members a body (or a nested object) may carry: a leaf's type, or a nested shape. */
export interface BodyShape {
  readonly [member: string]: MemberType | BodyShape;
}

/**
 * A route's body allowlist: one shape, or one shape per value of the body's `type` member
 * (credentials, whose members depend on the credential type).
 */
export type BodyAllowlist =
  | { readonly members: BodyShape }
  | { readonly byType: Readonly<Record<string, BodyShape>> };

/** Opted-in extra members per route key (`extraBodyMembers`), as dotted paths. */
export type ExtraBodyMembers = Readonly<Record<string, readonly string[]>>;

const TYPE_CHECKS: Record<MemberType, (value: unknown) => boolean> = {
  string: (value) => typeof value === 'string',
  number: (value) => typeof value === 'number',
  boolean: (value) => typeof value === 'boolean',
  strings: (value) => Array.isArray(value) && value.every((item) => typeof item === 'string'),
  any: () => true,
};

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Adds the dotted `paths` to `shape` as members of any JSON type (a team's explicit opt-in). */
export function withExtraMembers(shape: BodyShape, paths: readonly string[]): BodyShape {
  const out: Record<string, MemberType | BodyShape> = { ...shape };
  for (const path of paths) {
    const [head, ...rest] = path.split('.') as [string, ...string[]];
    const current = out[head];
    out[head] =
      rest.length === 0
        ? 'any'
        : withExtraMembers(typeof current === 'object' ? current : {}, [rest.join('.')]);
  }
  return out;
}

/** Every member of `value` that `shape` does not allow, or allows with another type. */
function shapeErrors(
  value: Record<string, unknown>,
  shape: BodyShape,
  prefix: string,
): FieldError[] {
  return Object.keys(value).flatMap((name): FieldError[] => {
    const field = `${prefix}${name}`;
    const rule = Object.hasOwn(shape, name) ? shape[name] : undefined;
    const member = value[name];
    if (rule === undefined) {
      return [
        { field, message: 'Not accepted here: the proxy forwards only the members the kit sends' },
      ];
    }
    if (typeof rule === 'object') {
      return isObject(member)
        ? shapeErrors(member, rule, `${field}.`)
        : [{ field, constraint: { type: 'object' }, message: 'Must be an object' }];
    }
    return TYPE_CHECKS[rule](member)
      ? []
      : [{ field, constraint: { type: rule }, message: `Must be of type ${rule}` }];
  });
}

/**
 * The field errors of `body` against a route's allowlist and its opted-in extra members; empty
 * when the body may be forwarded.
 */
export function bodyMemberErrors(
  body: Record<string, unknown>,
  allowlist: BodyAllowlist,
  extra: readonly string[] = [],
): FieldError[] {
  if ('members' in allowlist) {
    return shapeErrors(body, withExtraMembers(allowlist.members, extra), '');
  }
  const variants = Object.keys(allowlist.byType);
  const type = body.type;
  const shape =
    typeof type === 'string' && Object.hasOwn(allowlist.byType, type)
      ? allowlist.byType[type]
      : undefined;
  if (shape === undefined) {
    return [
      {
        field: 'type',
        constraint: { enum: variants },
        message: `Must be one of ${variants.join(', ')}`,
      },
    ];
  }
  return shapeErrors(body, withExtraMembers(shape, extra), '');
}

/** The first member on `path` (before its last name) that the allowlist holds as a leaf. */
function leafOnTheWay(allowlist: BodyAllowlist | undefined, path: string): string | undefined {
  const shapes =
    allowlist === undefined
      ? []
      : 'members' in allowlist
        ? [allowlist.members]
        : Object.values(allowlist.byType);
  const names = path.split('.').slice(0, -1);
  for (const shape of shapes) {
    let current: BodyShape | undefined = shape;
    for (const [index, name] of names.entries()) {
      const rule: MemberType | BodyShape | undefined =
        current !== undefined && Object.hasOwn(current, name) ? current[name] : undefined;
      if (typeof rule === 'string') {
        return names.slice(0, index + 1).join('.');
      }
      current = rule;
    }
  }
  return undefined;
}

const MEMBER_PATH = /^[A-Za-z][A-Za-z0-9_]{0,63}(?:\.[A-Za-z][A-Za-z0-9_]{0,63}){0,3}$/;

/**
 * Members no opt-in may add: `platformCustomerId` is the platform's key for its user (bindings are
 * found again by it, docs/backend-integration.md), never the user's to rewrite.
 */
const NEVER_EXTRA = new Set(['platformCustomerId']);

/**
 * Validates `extraBodyMembers` against the routes that take a body; returns it frozen. Throws a
 * message naming the option for an unknown route key, a route without a body, a malformed member
 * path or a member no opt-in may add.
 * @param value - The option as given.
 * @param routes - The route table (keys and body rules).
 * @param fail - Throws the configuration error.
 */
export function resolveExtraBodyMembers(
  value: unknown,
  routes: readonly { key: string; body: string; members?: BodyAllowlist | undefined }[],
  fail: (message: string) => never,
): ExtraBodyMembers {
  if (value === undefined) {
    return {};
  }
  if (!isObject(value)) {
    fail('extraBodyMembers must be an object of route keys to member lists');
  }
  const bodyRoutes = new Map(
    routes.filter((route) => route.body !== 'none').map((route) => [route.key, route.members]),
  );
  const out: Record<string, readonly string[]> = {};
  for (const [key, members] of Object.entries(value)) {
    if (!bodyRoutes.has(key)) {
      fail(
        `extraBodyMembers: "${key}" is not a route that takes a body. Routes: ${[...bodyRoutes.keys()].join(', ')}`,
      );
    }
    if (!Array.isArray(members) || !members.every((path) => typeof path === 'string')) {
      fail(`extraBodyMembers["${key}"] must be a list of member names (dotted for nested ones)`);
    }
    for (const path of members as string[]) {
      if (!MEMBER_PATH.test(path) || /(?:^|\.)(?:constructor|prototype)(?:\.|$)/.test(path)) {
        fail(
          `extraBodyMembers["${key}"]: "${path}" is not a member name like "fullName" or "attestation.extra"`,
        );
      }
      if (path.split('.').some((name) => NEVER_EXTRA.has(name))) {
        fail(
          `extraBodyMembers["${key}"]: "${path}" can never come from the browser (the platform's key for its user)`,
        );
      }
      const leaf = leafOnTheWay(bodyRoutes.get(key), path);
      if (leaf !== undefined) {
        fail(`extraBodyMembers["${key}"]: "${path}" goes inside "${leaf}", which is not an object`);
      }
    }
    out[key] = Object.freeze([...(members as string[])]);
  }
  return Object.freeze(out);
}
