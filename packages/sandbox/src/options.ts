import { portableCrypto, type SandboxCrypto } from './crypto/backend.js';
import type { WebhookConfig } from './events/webhook-dispatcher.js';
import { resolveWebhooks, type SandboxWebhookOptions } from './events/webhook-options.js';
import { SANDBOX_DEVELOPMENT_ENCLAVE_KEY } from './magic-values.js';
import {
  checkCrypto,
  checkFaults,
  checkHeaderName,
  checkOidcJwks,
  checkProcessing,
  checkWebauthn,
  checkWebhooks,
  type ExchangeRates,
  resolveExchangeRates,
} from './options-checks.js';
import { SandboxOptionsError } from './options-error.js';

export type { ExchangeRates, SandboxWebhookOptions };
export { SandboxOptionsError };

/**
 * Emulator options, exactly the names of docs/protocol.md §14. `createSandbox(options)` and
 * `pnpm sandbox --config FILE` take the same object; unknown names are rejected with a clear
 * message so a typo never silently falls back to a default.
 */
export interface SandboxPlatformOptions {
  /** Regulated platform: customers are APPROVED at creation. @defaultValue false */
  regulated?: boolean;
  /** Unregulated "Skip verification paperwork". @defaultValue false */
  skipVerificationPaperwork?: boolean;
  /** Provision an SMS_OTP credential for customers with `phoneNumber`. @defaultValue false */
  smsOtpCredentials?: boolean;
  /** PENDING → ACTIVE delay of provisioned accounts, in seconds. @defaultValue 0 */
  accountActivationSeconds?: number;
}

/** One rule of option `faults` (docs/protocol.md §14). */
export interface SandboxFaultRule {
  route: string;
  rate: number;
  kind:
    | 'latency'
    | 'dropBeforeCommit'
    | 'dropAfterCommit'
    | 'processing'
    | 'rateLimit'
    | 'serverError'
    | 'truncateBody';
  ms?: number;
  times?: number;
  retryAfter?: number;
}

/** Option `rateLimits` (docs/protocol.md §11.5); 0 disables a limit. */
export interface SandboxRateLimits {
  challengesPerWindow?: number;
  windowSeconds?: number;
  verifyFailuresBeforeLock?: number;
  lockSeconds?: number;
}

/** Options of `createSandbox` and of `pnpm sandbox --config FILE` (docs/protocol.md §14). */
export interface SandboxOptions {
  platform?: SandboxPlatformOptions;
  sessionLifetimeSeconds?: number;
  challengeLifetimeSeconds?: number;
  otpLifetimeSeconds?: number;
  oidcIssuers?: string[];
  oidcJwks?: Record<string, { keys: Record<string, unknown>[] }>;
  processing?: Record<string, number>;
  acceptLegacyMagicValues?: boolean;
  signExportBundles?: boolean;
  requireUserVerification?: boolean;
  /**
   * Hex P-256 scalar of the enclave key, or `'random'` for a fresh key per instance.
   * @defaultValue `SANDBOX_DEVELOPMENT_ENCLAVE_KEY`, the published development key the kit's
   * `environment: 'sandbox'` pins by default
   */
  enclaveSigningKey?: string;
  webauthn?: { rpId?: string; origins?: string[] };
  signatureHeaderName?: string;
  /** `() => epoch ms`; every lifetime, window and `iat` check reads it. `createSandbox` only. */
  clock?: () => number;
  faults?: { seed: number; rules: SandboxFaultRule[] };
  rateLimits?: SandboxRateLimits;
  /**
   * Cross-currency rates, receiving major units per sending major unit, each a number or a decimal
   * string of at most 15 significant digits, read exactly (`{"USDC": {"EUR": "0.92"}}`). Replaces
   * the default; pairs left out are refused by `POST /quotes`.
   * @defaultValue `{"USDC": {"USD": 1}, "USD": {"USDC": 1}}`
   */
  exchangeRates?: Record<string, Record<string, number | string>>;
  /** Webhook delivery of events (project extension beyond §14). @defaultValue none: log only */
  webhooks?: SandboxWebhookOptions;
  /** HTTP Basic credentials accepted (not a §14 option: the CLI's `--client-id`/`--client-secret`). */
  clientId?: string;
  clientSecret?: string;
  /** Random source for ids and keys (tests inject a seeded one). */
  random?: (bytes: number) => Uint8Array;
  /**
   * P-256 backend; `nodeSandboxCrypto` from `@wallet-auth/sandbox/node` is the native one for Node
   * (same bytes). `createSandbox` only. @defaultValue the portable backend (@noble/curves, WebCrypto)
   */
  crypto?: SandboxCrypto;
}

/** Defaults of §14, resolved. */
export interface ResolvedSandboxOptions {
  platform: Required<SandboxPlatformOptions>;
  sessionLifetimeSeconds: number;
  challengeLifetimeSeconds: number;
  otpLifetimeSeconds: number;
  oidcIssuers: string[];
  oidcJwks: Record<string, { keys: Record<string, unknown>[] }>;
  processing: Record<string, number>;
  acceptLegacyMagicValues: boolean;
  signExportBundles: boolean;
  requireUserVerification: boolean;
  /** The enclave's hex scalar; `undefined` means a random key from `random` (option `'random'`). */
  enclaveSigningKey: string | undefined;
  webauthn: { rpId: string; origins: string[] | undefined };
  signatureHeaderName: string;
  clock: () => number;
  faults: { seed: number; rules: SandboxFaultRule[] } | undefined;
  rateLimits: Required<SandboxRateLimits>;
  exchangeRates: ExchangeRates;
  webhooks: WebhookConfig | undefined;
  clientId: string;
  clientSecret: string;
  random: (bytes: number) => Uint8Array;
  crypto: SandboxCrypto;
}

/** Default HTTP Basic client id. */
export const DEFAULT_CLIENT_ID = 'sandbox-client-id';
/** Default HTTP Basic client secret. */
export const DEFAULT_CLIENT_SECRET = 'sandbox-client-secret';

const TOP_LEVEL = new Set([
  'platform',
  'sessionLifetimeSeconds',
  'challengeLifetimeSeconds',
  'otpLifetimeSeconds',
  'oidcIssuers',
  'oidcJwks',
  'processing',
  'acceptLegacyMagicValues',
  'signExportBundles',
  'requireUserVerification',
  'enclaveSigningKey',
  'webauthn',
  'signatureHeaderName',
  'clock',
  'faults',
  'rateLimits',
  'exchangeRates',
  'webhooks',
  'clientId',
  'clientSecret',
  'random',
  'crypto',
]);
const PLATFORM = new Set([
  'regulated',
  'skipVerificationPaperwork',
  'smsOtpCredentials',
  'accountActivationSeconds',
]);
const RATE_LIMITS = new Set([
  'challengesPerWindow',
  'windowSeconds',
  'verifyFailuresBeforeLock',
  'lockSeconds',
]);
const WEBAUTHN = new Set(['rpId', 'origins']);

function checkKeys(value: unknown, allowed: Set<string>, where: string): void {
  if (value === undefined) {
    return;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new SandboxOptionsError(`${where} must be an object`);
  }
  for (const key of Object.keys(value)) {
    if (!allowed.has(key)) {
      throw new SandboxOptionsError(
        `Unknown sandbox option "${where === 'options' ? key : `${where}.${key}`}". Allowed: ${[...allowed].join(', ')}`,
      );
    }
  }
}

function nonNegative(value: unknown, name: string, fallback: number): number {
  if (value === undefined) {
    return fallback;
  }
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
    throw new SandboxOptionsError(`Sandbox option "${name}" must be a number ≥ 0`);
  }
  return value;
}

function bool(value: unknown, name: string, fallback: boolean): boolean {
  if (value === undefined) {
    return fallback;
  }
  if (typeof value !== 'boolean') {
    throw new SandboxOptionsError(`Sandbox option "${name}" must be true or false`);
  }
  return value;
}

function defaultRandom(bytes: number): Uint8Array {
  return crypto.getRandomValues(new Uint8Array(bytes));
}

/** Validates options and fills in the defaults of docs/protocol.md §14. */
export function resolveSandboxOptions(options: SandboxOptions = {}): ResolvedSandboxOptions {
  checkKeys(options, TOP_LEVEL, 'options');
  checkKeys(options.platform, PLATFORM, 'platform');
  checkKeys(options.rateLimits, RATE_LIMITS, 'rateLimits');
  checkKeys(options.webauthn, WEBAUTHN, 'webauthn');
  const platform = options.platform ?? {};
  const rateLimits = options.rateLimits ?? {};
  if (
    options.enclaveSigningKey !== undefined &&
    options.enclaveSigningKey !== 'random' &&
    !/^[0-9a-fA-F]{64}$/.test(options.enclaveSigningKey)
  ) {
    throw new SandboxOptionsError(
      'Sandbox option "enclaveSigningKey" must be 64 hex characters, or "random"',
    );
  }
  checkProcessing(options.processing);
  checkFaults(options.faults);
  checkOidcJwks(options.oidcJwks);
  checkWebauthn(options.webauthn);
  checkHeaderName(options.signatureHeaderName);
  checkWebhooks(options.webhooks);
  for (const name of ['clock', 'random'] as const) {
    if (options[name] !== undefined && typeof options[name] !== 'function') {
      throw new SandboxOptionsError(`Sandbox option "${name}" must be a function`);
    }
  }
  checkCrypto(options.crypto);
  for (const name of ['clientId', 'clientSecret'] as const) {
    const value = options[name];
    if (
      value !== undefined &&
      (typeof value !== 'string' || value.length === 0 || value.includes(':'))
    ) {
      throw new SandboxOptionsError(
        `Sandbox option "${name}" must be a non-empty string without ":"`,
      );
    }
  }
  if (
    options.oidcIssuers !== undefined &&
    !options.oidcIssuers.every((i) => typeof i === 'string')
  ) {
    throw new SandboxOptionsError('Sandbox option "oidcIssuers" must be an array of strings');
  }
  return {
    platform: {
      regulated: bool(platform.regulated, 'platform.regulated', false),
      skipVerificationPaperwork: bool(
        platform.skipVerificationPaperwork,
        'platform.skipVerificationPaperwork',
        false,
      ),
      smsOtpCredentials: bool(platform.smsOtpCredentials, 'platform.smsOtpCredentials', false),
      accountActivationSeconds: nonNegative(
        platform.accountActivationSeconds,
        'platform.accountActivationSeconds',
        0,
      ),
    },
    sessionLifetimeSeconds: nonNegative(
      options.sessionLifetimeSeconds,
      'sessionLifetimeSeconds',
      900,
    ),
    challengeLifetimeSeconds: nonNegative(
      options.challengeLifetimeSeconds,
      'challengeLifetimeSeconds',
      300,
    ),
    otpLifetimeSeconds: nonNegative(options.otpLifetimeSeconds, 'otpLifetimeSeconds', 300),
    oidcIssuers: options.oidcIssuers ?? [],
    oidcJwks: options.oidcJwks ?? {},
    processing: options.processing ?? {},
    acceptLegacyMagicValues: bool(options.acceptLegacyMagicValues, 'acceptLegacyMagicValues', true),
    signExportBundles: bool(options.signExportBundles, 'signExportBundles', false),
    requireUserVerification: bool(
      options.requireUserVerification,
      'requireUserVerification',
      false,
    ),
    enclaveSigningKey:
      options.enclaveSigningKey === 'random'
        ? undefined
        : (options.enclaveSigningKey ?? SANDBOX_DEVELOPMENT_ENCLAVE_KEY),
    webauthn: { rpId: options.webauthn?.rpId ?? 'localhost', origins: options.webauthn?.origins },
    signatureHeaderName: options.signatureHeaderName ?? 'Service-Wallet-Signature',
    clock: options.clock ?? Date.now,
    faults: options.faults,
    rateLimits: {
      challengesPerWindow: nonNegative(
        rateLimits.challengesPerWindow,
        'rateLimits.challengesPerWindow',
        5,
      ),
      windowSeconds: nonNegative(rateLimits.windowSeconds, 'rateLimits.windowSeconds', 600),
      verifyFailuresBeforeLock: nonNegative(
        rateLimits.verifyFailuresBeforeLock,
        'rateLimits.verifyFailuresBeforeLock',
        5,
      ),
      lockSeconds: nonNegative(rateLimits.lockSeconds, 'rateLimits.lockSeconds', 300),
    },
    exchangeRates: resolveExchangeRates(options.exchangeRates),
    webhooks: resolveWebhooks(options.webhooks),
    clientId: options.clientId ?? DEFAULT_CLIENT_ID,
    clientSecret: options.clientSecret ?? DEFAULT_CLIENT_SECRET,
    random: options.random ?? defaultRandom,
    crypto: options.crypto ?? portableCrypto,
  };
}
