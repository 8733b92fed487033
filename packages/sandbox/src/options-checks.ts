/**
 * Validation of the structured emulator options (docs/protocol.md §14): `processing`, `faults`,
 * `oidcJwks`, `webauthn`, the header override, `exchangeRates` and `webhooks` (a project
 * extension). Each problem is a {@link SandboxOptionsError} naming the option, so a typo never
 * silently falls back to a default.
 */
import { CURRENCY_CODES } from './money/currencies.js';
import { type ExactRate, parseRate } from './money/exchange-rate.js';
import { SandboxOptionsError } from './options-error.js';
import { isRouteTemplate, PROCESSING_ROUTES, type RouteTemplate } from './route-templates.js';

const FAULT_KINDS = [
  'latency',
  'dropBeforeCommit',
  'dropAfterCommit',
  'processing',
  'rateLimit',
  'serverError',
  'truncateBody',
];
const FAULT_RULE_KEYS = new Set(['route', 'rate', 'kind', 'ms', 'times', 'retryAfter']);

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `processing`: `{"<METHOD> <template>": n}` with a route that can answer PROCESSING and n ≥ -1. */
export function checkProcessing(value: unknown): void {
  if (value === undefined) {
    return;
  }
  if (!isObject(value)) {
    throw new SandboxOptionsError('Sandbox option "processing" must be an object');
  }
  for (const [route, count] of Object.entries(value)) {
    if (!PROCESSING_ROUTES.includes(route as RouteTemplate)) {
      throw new SandboxOptionsError(
        `Sandbox option "processing" names "${route}", which never answers PROCESSING. Use one of: ${PROCESSING_ROUTES.join(', ')}`,
      );
    }
    if (!Number.isInteger(count) || (count as number) < -1) {
      throw new SandboxOptionsError(
        `Sandbox option "processing" entry "${route}" must be an integer ≥ -1`,
      );
    }
  }
}

/** `faults`: `{seed, rules: [{route, rate, kind, …}]}`. */
export function checkFaults(value: unknown): void {
  if (value === undefined) {
    return;
  }
  if (!isObject(value) || !Number.isInteger(value.seed) || !Array.isArray(value.rules)) {
    throw new SandboxOptionsError(
      'Sandbox option "faults" must be {"seed": <integer>, "rules": [...]}',
    );
  }
  for (const key of Object.keys(value)) {
    if (key !== 'seed' && key !== 'rules') {
      throw new SandboxOptionsError(`Unknown sandbox option "faults.${key}"`);
    }
  }
  value.rules.forEach((rule: unknown, index: number) => {
    const where = `faults.rules[${index}]`;
    if (!isObject(rule)) {
      throw new SandboxOptionsError(`Sandbox option "${where}" must be an object`);
    }
    for (const key of Object.keys(rule)) {
      if (!FAULT_RULE_KEYS.has(key)) {
        throw new SandboxOptionsError(`Unknown sandbox option "${where}.${key}"`);
      }
    }
    if (typeof rule.route !== 'string' || (rule.route !== '*' && !isRouteTemplate(rule.route))) {
      throw new SandboxOptionsError(
        `Sandbox option "${where}.route" must be "*" or "<METHOD> <template>" of a known route`,
      );
    }
    if (typeof rule.rate !== 'number' || !(rule.rate >= 0 && rule.rate <= 1)) {
      throw new SandboxOptionsError(`Sandbox option "${where}.rate" must be a number from 0 to 1`);
    }
    if (typeof rule.kind !== 'string' || !FAULT_KINDS.includes(rule.kind)) {
      throw new SandboxOptionsError(
        `Sandbox option "${where}.kind" must be one of ${FAULT_KINDS.join(', ')}`,
      );
    }
    if (
      rule.kind === 'latency' &&
      !(typeof rule.ms === 'number' && rule.ms >= 0 && rule.ms <= 600_000)
    ) {
      throw new SandboxOptionsError(
        `Sandbox option "${where}.ms" must be a number of milliseconds from 0 to 600000`,
      );
    }
    if (
      rule.times !== undefined &&
      (!Number.isInteger(rule.times) || (rule.times as number) < -1)
    ) {
      throw new SandboxOptionsError(`Sandbox option "${where}.times" must be an integer ≥ -1`);
    }
    if (
      rule.retryAfter !== undefined &&
      (!Number.isInteger(rule.retryAfter) || (rule.retryAfter as number) < 1)
    ) {
      throw new SandboxOptionsError(`Sandbox option "${where}.retryAfter" must be an integer ≥ 1`);
    }
  });
}

/** `oidcJwks`: `{<issuer>: {keys: [JWK…]}}`. */
export function checkOidcJwks(value: unknown): void {
  if (value === undefined) {
    return;
  }
  if (!isObject(value)) {
    throw new SandboxOptionsError('Sandbox option "oidcJwks" must be an object {<issuer>: JWKS}');
  }
  for (const [issuer, jwks] of Object.entries(value)) {
    if (!isObject(jwks) || !Array.isArray(jwks.keys) || !jwks.keys.every(isObject)) {
      throw new SandboxOptionsError(
        `Sandbox option "oidcJwks" entry "${issuer}" must be a JWKS {"keys": [...]}`,
      );
    }
  }
}

/** `webauthn.rpId` (a host name) and `webauthn.origins` (exact origins). */
export function checkWebauthn(value: { rpId?: unknown; origins?: unknown } | undefined): void {
  if (
    value?.rpId !== undefined &&
    (typeof value.rpId !== 'string' || !/^[a-z0-9.-]+$/i.test(value.rpId))
  ) {
    throw new SandboxOptionsError(
      'Sandbox option "webauthn.rpId" must be a host name such as "localhost"',
    );
  }
  const origins = value?.origins;
  if (
    origins !== undefined &&
    (!Array.isArray(origins) ||
      !origins.every((o) => typeof o === 'string' && /^https?:\/\/[^/]+$/.test(o)))
  ) {
    throw new SandboxOptionsError(
      'Sandbox option "webauthn.origins" must be an array of origins such as "http://localhost:5173"',
    );
  }
}

/** `signatureHeaderName`: an HTTP header token. */
export function checkHeaderName(value: unknown): void {
  if (value !== undefined && (typeof value !== 'string' || !/^[A-Za-z0-9-]{1,64}$/.test(value))) {
    throw new SandboxOptionsError(
      'Sandbox option "signatureHeaderName" must be an HTTP header name',
    );
  }
}

const WEBHOOK_KEYS = new Set(['url', 'secret', 'maxAttempts', 'fetch', 'schedule']);

function isHttpUrl(value: unknown): boolean {
  if (typeof value !== 'string') {
    return false;
  }
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** `webhooks` (project extension): `{url, secret?, maxAttempts?, fetch?, schedule?}`. */
export function checkWebhooks(value: unknown): void {
  if (value === undefined) {
    return;
  }
  if (!isObject(value)) {
    throw new SandboxOptionsError('Sandbox option "webhooks" must be {"url": "https://…"}');
  }
  for (const key of Object.keys(value)) {
    if (!WEBHOOK_KEYS.has(key)) {
      throw new SandboxOptionsError(
        `Unknown sandbox option "webhooks.${key}". Allowed: ${[...WEBHOOK_KEYS].join(', ')}`,
      );
    }
  }
  if (!isHttpUrl(value.url)) {
    throw new SandboxOptionsError('Sandbox option "webhooks.url" must be an http(s) URL');
  }
  if (value.secret !== undefined && (typeof value.secret !== 'string' || value.secret === '')) {
    throw new SandboxOptionsError('Sandbox option "webhooks.secret" must be a non-empty string');
  }
  const attempts = value.maxAttempts;
  if (
    attempts !== undefined &&
    (!Number.isInteger(attempts) || (attempts as number) < 1 || (attempts as number) > 10)
  ) {
    throw new SandboxOptionsError('Sandbox option "webhooks.maxAttempts" must be an integer 1–10');
  }
  for (const name of ['fetch', 'schedule'] as const) {
    if (value[name] !== undefined && typeof value[name] !== 'function') {
      throw new SandboxOptionsError(
        `Sandbox option "webhooks.${name}" must be a function (createSandbox only, not a config file)`,
      );
    }
  }
}

/** Option `crypto`: an object with the backend's five operations (a typo is a caller error). */
export function checkCrypto(value: unknown): void {
  if (value === undefined) {
    return;
  }
  const operations = ['parsePoint', 'publicKeyOf', 'sign', 'verify', 'hpkeOpen'] as const;
  if (!isObject(value) || !operations.every((name) => typeof value[name] === 'function')) {
    throw new SandboxOptionsError(
      'Sandbox option "crypto" must have the functions parsePoint, publicKeyOf, sign, verify and hpkeOpen',
    );
  }
}

/** Resolved `exchangeRates`: sending code → receiving code → exact rate. */
export type ExchangeRates = Readonly<Record<string, Readonly<Record<string, ExactRate>>>>;

/** The default of `exchangeRates`: USDC and USD convert one for one, both ways. */
export const DEFAULT_EXCHANGE_RATES = { USDC: { USD: 1 }, USD: { USDC: 1 } } as const;

function knownCode(code: string, where: string): void {
  if (!CURRENCY_CODES.includes(code)) {
    throw new SandboxOptionsError(
      `Sandbox option "${where}" names the unknown currency "${code}". Known: ${CURRENCY_CODES.join(', ')}`,
    );
  }
}

/**
 * `exchangeRates`: `{<sending code>: {<receiving code>: rate}}`, receiving major units per sending
 * major unit, each rate a number or a decimal string read exactly (money/exchange-rate.ts). The
 * table replaces the default; a pair it leaves out is not converted, and a reverse rate is never
 * derived. A same-currency entry is refused: such transfers always use rate 1.
 */
export function resolveExchangeRates(value: unknown): ExchangeRates {
  const table = value === undefined ? DEFAULT_EXCHANGE_RATES : value;
  if (!isObject(table)) {
    throw new SandboxOptionsError(
      'Sandbox option "exchangeRates" must be an object such as {"USDC": {"USD": 1}}',
    );
  }
  const resolved: Record<string, Record<string, ExactRate>> = {};
  for (const [sending, row] of Object.entries(table)) {
    knownCode(sending, `exchangeRates.${sending}`);
    if (!isObject(row)) {
      throw new SandboxOptionsError(
        `Sandbox option "exchangeRates.${sending}" must be an object {<receiving code>: rate}`,
      );
    }
    resolved[sending] = {};
    for (const [receiving, input] of Object.entries(row)) {
      const where = `exchangeRates.${sending}.${receiving}`;
      knownCode(receiving, where);
      if (receiving === sending) {
        throw new SandboxOptionsError(
          `Sandbox option "${where}" is a same-currency rate; those transfers always use 1, remove it`,
        );
      }
      const rate = parseRate(input);
      if ('problem' in rate) {
        throw new SandboxOptionsError(`Sandbox option "${where}" ${rate.problem}`);
      }
      resolved[sending][receiving] = rate;
    }
  }
  return resolved;
}
