import { WalletAuthError } from '../errors/wallet-auth-error.js';
import { decompressPublicKey, isPublicKey, publicKeysEqual } from './p256.js';

/**
 * Turnkey's TLS-fetcher signing key, which signs production OTP target bundles (docs/protocol.md §4).
 * Pinned from the public library; the service publishes none, so confirm before launch.
 */
export const PRODUCTION_OTP_SIGNER_PUBLIC_KEY =
  '046b4f88421f76b6ba418afc2ea1d8ced671337d7db6b80478a60d8531bf8f17fa9a512f0fef96fc0c9b4cd9dff70b34992e520ce04c79d931f6ff6296b547d201';

/** Turnkey's signer key, which signs production export bundles (docs/protocol.md §4, §8). */
export const PRODUCTION_EXPORT_SIGNER_PUBLIC_KEY =
  '04cf288fe433cc4e1aa0ce1632feac4ea26bf2f5a09dcfe5a42c398e06898710330f0572882f4dbdf0f5304b8fc8703acd69adca9a4bbf7f5d00d20a5e364b2569';

/**
 * The public key of the emulator's published development enclave key (`@wallet-auth/sandbox`'s
 * default `enclaveSigningKey`): what `environment: 'sandbox'` pins when `enclaveKeys.otpSigner` is
 * not given, so the kit works against `npx @wallet-auth/sandbox` with no configuration. Its private
 * key is public knowledge; it is never accepted in production.
 */
export const SANDBOX_DEVELOPMENT_OTP_SIGNER_PUBLIC_KEY =
  '04d41d53dfa3057c22e3096772775125a533e0b15dfac96cdeb46736a012f8d52250b160cf29d86b2e21c16ee9224edbca67ee2fcc723025b1106501b6b17b8eed';

/** Where the kit talks to: the production service, or a sandbox (the emulator or the service's). */
export type WalletAuthEnvironmentName = 'production' | 'sandbox';

/** Pinned enclave keys (docs/protocol.md §4), hex pub65 or pub33. */
export interface EnclaveKeys {
  /**
   * Signer of OTP target bundles: the production pin, the emulator's `enclavePublicKey`, or the
   * integrator's sandbox key.
   * @defaultValue the built-in production pin; in `sandbox`, `SANDBOX_DEVELOPMENT_OTP_SIGNER_PUBLIC_KEY`
   * (the emulator's default key)
   */
  otpSigner?: string;
  /** Signer of export bundles; `null` in a sandbox means unsigned bundles (the default there). */
  exportSigner?: string | null;
}

/** The environment part of the kit's options (docs/protocol.md §4, §8). */
export interface EnvironmentOptions {
  /** Defaults to `production`, where the pins of docs/protocol.md §4 apply. */
  environment?: WalletAuthEnvironmentName;
  /** Pinned keys; in production they may differ from the built-in pins only with the override flag. */
  enclaveKeys?: EnclaveKeys;
  /** Allows production pins other than the built-in ones. Never needed with the real service. */
  dangerouslyOverrideProductionPins?: boolean;
  /** Sandbox only: encrypt an OTP to a target bundle without checking its signer; refused in production. */
  dangerouslySkipOtpBundleSignatureCheck?: boolean;
}

/** The environment with its pins resolved and validated; pass it to bundle checks. */
export interface ResolvedEnvironment {
  /** `production` or `sandbox`. */
  readonly name: WalletAuthEnvironmentName;
  /** pub65 hex of the pinned OTP target-bundle signer. */
  readonly otpSigner: string;
  /** pub65 hex of the pinned export signer; `null` (sandbox only) means export bundles are unsigned. */
  readonly exportSigner: string | null;
  /** True only in a sandbox configured with `dangerouslySkipOtpBundleSignatureCheck`. */
  readonly skipOtpBundleSignatureCheck: boolean;
}

function invalid(message: string): WalletAuthError {
  return new WalletAuthError('CONFIGURATION_INVALID', message);
}

function pin(name: string, value: string): string {
  if (!isPublicKey(value)) {
    throw invalid(`enclaveKeys.${name} is not a hex P-256 public key`);
  }
  return decompressPublicKey(value);
}

/**
 * Resolves the environment and its pinned enclave keys (docs/protocol.md §4, §8): production uses the
 * built-in pins unless `dangerouslyOverrideProductionPins` is set, never skips the OTP bundle
 * check and always has a signed export; a sandbox uses the keys it is given, with unsigned
 * export bundles unless `exportSigner` is set.
 * @param options - Environment options.
 * @throws WalletAuthError `CONFIGURATION_INVALID` for an unknown environment, a key that is not a
 * point, a changed production pin without the override, or a forbidden combination.
 * @example
 * ```ts
 * const environment = resolveEnvironment({ environment: 'sandbox', enclaveKeys: { otpSigner: sandbox.enclavePublicKey } });
 * ```
 */
export function resolveEnvironment(options: EnvironmentOptions = {}): ResolvedEnvironment {
  const name = options.environment ?? 'production';
  const keys = options.enclaveKeys ?? {};
  const skip = options.dangerouslySkipOtpBundleSignatureCheck === true;

  if (name === 'production') {
    if (skip) {
      throw invalid('dangerouslySkipOtpBundleSignatureCheck is refused in production');
    }
    if (keys.exportSigner === null) {
      throw invalid('Production export bundles are always signed; exportSigner cannot be null');
    }
    const otpSigner =
      keys.otpSigner === undefined
        ? PRODUCTION_OTP_SIGNER_PUBLIC_KEY
        : pin('otpSigner', keys.otpSigner);
    const exportSigner =
      keys.exportSigner === undefined
        ? PRODUCTION_EXPORT_SIGNER_PUBLIC_KEY
        : pin('exportSigner', keys.exportSigner);
    const changed =
      !publicKeysEqual(otpSigner, PRODUCTION_OTP_SIGNER_PUBLIC_KEY) ||
      !publicKeysEqual(exportSigner, PRODUCTION_EXPORT_SIGNER_PUBLIC_KEY);
    if (publicKeysEqual(otpSigner, SANDBOX_DEVELOPMENT_OTP_SIGNER_PUBLIC_KEY)) {
      throw invalid(
        'The sandbox development key (SANDBOX_DEVELOPMENT_OTP_SIGNER_PUBLIC_KEY) is public and is refused as a production pin',
      );
    }
    if (changed && options.dangerouslyOverrideProductionPins !== true) {
      throw invalid('Changing a production pin needs dangerouslyOverrideProductionPins: true');
    }
    return Object.freeze({ name, otpSigner, exportSigner, skipOtpBundleSignatureCheck: false });
  }

  if (name === 'sandbox') {
    return Object.freeze({
      name,
      otpSigner:
        keys.otpSigner === undefined
          ? SANDBOX_DEVELOPMENT_OTP_SIGNER_PUBLIC_KEY
          : pin('otpSigner', keys.otpSigner),
      exportSigner:
        keys.exportSigner === undefined || keys.exportSigner === null
          ? null
          : pin('exportSigner', keys.exportSigner),
      skipOtpBundleSignatureCheck: skip,
    });
  }

  name satisfies never;
  throw invalid('environment must be "production" or "sandbox"');
}
