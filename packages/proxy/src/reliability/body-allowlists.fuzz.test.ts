/**
 * Catalogue rows FUZZ-2 and BFF-47/BFF-48 over every body a route takes: fast-check builds bodies
 * from the route's allowlist, then breaks some of them on purpose (a member the kit never sends,
 * at the top or nested; a wrong JSON type; a legacy sandbox value; an unknown credential type),
 * keeping a list of what it broke. The proxy must refuse exactly those members (400 naming each,
 * nothing forwarded) and pass every unbroken body upstream byte for byte.
 * `FUZZ_RUNS` bodies per route: 200 in the test command, ≥ 10,000 with `pnpm test:fuzz`.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { BodyShape, MemberType } from '../routes/body-members.js';
import { SERVICE_ROUTES } from '../routes/route-table.js';
import { json } from '../testing/proxy-harness.js';
import { createWalletHarness, ownPath } from '../testing/wallet-fixtures.js';

const RUNS = Number(process.env.FUZZ_RUNS ?? 200);
const SEED = Number(process.env.FUZZ_SEED ?? 0xb0d7);
const LEGACY = [
  'sandbox-valid-signature',
  'sandbox-valid-passkey-signature',
  'sandbox-valid-oidc-token',
];

/** A generated body part and the members it was made to break, by kind. */
interface Part {
  value: unknown;
  broken: { field: string; legacy: boolean }[];
}

const scalar = fc.oneof(
  fc.string({ maxLength: 8 }),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.integer(), { maxLength: 2 }),
);

const GOOD: Record<MemberType, fc.Arbitrary<unknown>> = {
  string: fc.string({ maxLength: 12 }),
  number: fc.integer(),
  boolean: fc.boolean(),
  strings: fc.array(fc.string({ maxLength: 6 }), { maxLength: 3 }),
  any: scalar,
};
const WRONG: Record<Exclude<MemberType, 'any'>, fc.Arbitrary<unknown>> = {
  string: fc.oneof(
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
    fc.constant({}),
    fc.constant(['x']),
  ),
  number: fc.oneof(fc.string({ maxLength: 4 }), fc.boolean(), fc.constant(null)),
  boolean: fc.oneof(fc.string({ maxLength: 4 }), fc.integer(), fc.constant(null)),
  strings: fc.oneof(fc.string({ maxLength: 4 }), fc.constant([1]), fc.constant(null)),
};

/** Values some members need for the body to reach the emulator (the user's own wallet). */
type Hints = Readonly<Record<string, fc.Arbitrary<unknown>>>;

function leaf(type: MemberType, field: string, hints: Hints): fc.Arbitrary<Part> {
  const good = (hints[field] ?? GOOD[type]).map((value) => ({
    value,
    broken: [] as Part['broken'],
  }));
  if (type === 'any') {
    return good;
  }
  const options = [
    { weight: 8, arbitrary: good },
    {
      weight: 1,
      arbitrary: WRONG[type].map((value) => ({ value, broken: [{ field, legacy: false }] })),
    },
  ];
  if (type === 'string') {
    options.push({
      weight: 1,
      arbitrary: fc
        .constantFrom(...LEGACY)
        .map((value) => ({ value, broken: [{ field, legacy: true }] })),
    });
  }
  return fc.oneof(...options);
}

/** Names a body may not carry anyway (strict JSON refuses them before the allowlist). */
const RESERVED = new Set(['__proto__', 'constructor', 'prototype']);

function object(
  shape: BodyShape,
  prefix: string,
  hints: Hints,
  skip: readonly string[] = [],
): fc.Arbitrary<Part> {
  const names = Object.keys(shape).filter((name) => !skip.includes(name));
  const members = names.map((name) => {
    const rule = shape[name]!;
    const field = `${prefix}${name}`;
    const part: fc.Arbitrary<Part> =
      typeof rule === 'object'
        ? fc.oneof(
            { weight: 6, arbitrary: object(rule, `${field}.`, hints) },
            {
              weight: 1,
              arbitrary: scalar.map((value) => ({ value, broken: [{ field, legacy: false }] })),
            },
          )
        : leaf(rule, field, hints);
    return fc.option(
      part.map((made) => [name, made] as const),
      { freq: 4 },
    );
  });
  const extras = fc.uniqueArray(
    fc.oneof(
      fc.constantFrom('platformCustomerId', 'fullName', 'birthDate', 'isAdmin', 'customerId', 'x'),
      fc.stringMatching(/^[a-zA-Z_$][\w$]{0,7}$/),
    ),
    { maxLength: 2 },
  );
  return fc
    .tuple(fc.tuple(...members), extras, fc.array(scalar, { minLength: 2, maxLength: 2 }))
    .map(([chosen, extraNames, extraValues]) => {
      const value: Record<string, unknown> = {};
      const broken: Part['broken'] = [];
      for (const entry of chosen) {
        if (entry !== null) {
          value[entry[0]] = entry[1].value;
          broken.push(...entry[1].broken);
        }
      }
      extraNames
        .filter((name) => !Object.hasOwn(shape, name) && !RESERVED.has(name))
        .forEach((name, index) => {
          value[name] = extraValues[index];
          broken.push({ field: `${prefix}${name}`, legacy: false });
        });
      return { value, broken };
    });
}

/** A body for a route with variants: a known `type` (or a broken one) and that variant's members. */
function variantBody(
  byType: Readonly<Record<string, BodyShape>>,
  hints: Hints,
): fc.Arbitrary<Part> {
  return fc.constantFrom(...Object.keys(byType)).chain((type) =>
    fc
      .tuple(
        object(byType[type]!, '', hints, ['type']),
        fc.oneof(
          { weight: 8, arbitrary: fc.constant({ type, broken: [] as Part['broken'] }) },
          {
            weight: 1,
            arbitrary: fc.constant({
              type: 'SUPERUSER',
              broken: [{ field: 'type', legacy: false }],
            }),
          },
        ),
      )
      .map(([rest, chosen]) => {
        // With an unknown type, the members cannot be judged: only `type` and legacy values are named.
        const broken =
          chosen.broken.length > 0
            ? [...chosen.broken, ...rest.broken.filter((b) => b.legacy)]
            : rest.broken;
        return { value: { type: chosen.type, ...(rest.value as object) }, broken };
      }),
  );
}

const BODY_ROUTES = SERVICE_ROUTES.filter((route) => route.members !== undefined);

describe('body allowlist fuzz (catalogue FUZZ-2, BFF-47, BFF-48)', () => {
  it('has an allowlist on every route that takes a body', () => {
    expect(
      SERVICE_ROUTES.filter((route) => route.body !== 'none').map((route) => route.key),
    ).toEqual(BODY_ROUTES.map((route) => route.key));
  });

  it.each(BODY_ROUTES.map((route, index) => [route.key, index] as const))(
    `FUZZ-2, BFF-47 and BFF-48: given ${RUNS} generated bodies for %s, some broken on purpose, should refuse exactly the broken members and forward the others byte for byte`,
    async (_key, index) => {
      const route = BODY_ROUTES[index]!;
      const harness = createWalletHarness({
        proxy: { allowSandboxFunding: true, rateLimit: { requestsPerMinute: 0 } },
        sandbox: { rateLimits: { challengesPerWindow: 0, verifyFailuresBeforeLock: 0 } },
      });
      const user = harness.addUser('fuzz', { email: 'fuzz@example.com' });
      const path = ownPath(route, user);
      const members = route.members!;
      const own = fc.oneof({ weight: 9, arbitrary: fc.constant(user.accountId) }, fc.string());
      const hints = { accountId: own, 'source.accountId': own };
      const body =
        'byType' in members
          ? variantBody(members.byType, hints)
          : object(members.members, '', hints);
      let forwarded = 0;
      await fc.assert(
        fc.asyncProperty(body, fc.constantFrom(0, 2), async (part, indent) => {
          const text = JSON.stringify(part.value, null, indent);
          const before = harness.calls.length;
          const response = await harness.as('fuzz', route.method, path, { body: text });
          const answer = await json(response);
          const expected = [...new Set(part.broken.map((entry) => entry.field))].sort();
          if (expected.length > 0) {
            expect(response.status, text).toBe(400);
            const errors = (answer.details as { errors: { field: string }[] }).errors;
            expect([...new Set(errors.map((error) => error.field))].sort(), text).toEqual(expected);
            expect(harness.calls.length, text).toBe(before);
            return;
          }
          expect(String(answer.message ?? ''), text).not.toMatch(/^Body members/);
          const sent = harness.calls.slice(before).find((seen) => seen.method === route.method);
          if (sent !== undefined) {
            forwarded += 1;
            expect(new TextDecoder().decode(sent.body)).toBe(text);
          }
        }),
        { numRuns: RUNS, seed: SEED + index },
      );
      // Routes whose path id is the user's own must have reached the emulator with unbroken bodies.
      if (route.ownership !== 'session' && route.ownership !== 'quote') {
        expect(forwarded).toBeGreaterThan(0);
      }
    },
    Math.max(30_000, RUNS * 30),
  );
});
