import { hexToBytes } from '../encoding/hex.js';
import { bytesToUtf8 } from '../encoding/utf8.js';
import { WalletAuthError } from '../errors/wallet-auth-error.js';
import { parseEnclaveBundle, verifyEnclaveSignatureOver } from './enclave-bundle.js';
import type { ResolvedEnvironment } from './environment.js';
import { toUncompressedPublicKey } from './p256.js';

/** A verified OTP target bundle. */
export interface OtpTarget {
  /** The HPKE recipient, `targetPublic` as pub65 bytes. */
  targetPublicKey: Uint8Array;
}

function malformed(message: string, cause?: unknown): WalletAuthError {
  return new WalletAuthError('BUNDLE_MALFORMED', message, { cause });
}

/**
 * Checks an `otpEncryptionTargetBundle` before any OTP is encrypted (docs/protocol.md §4, in order):
 * (1) shape, (2) `enclaveQuorumPublic` equals the environment's pinned OTP signer, (3)
 * `dataSignature` verifies, (4) `targetPublic` is a valid pub65 point.
 * @param bundle - The bundle string from the challenge or credential-add response.
 * @param environment - From `resolveEnvironment`.
 * @throws WalletAuthError `BUNDLE_MALFORMED` (1, 4) or `BUNDLE_SIGNATURE_INVALID` (2, 3).
 */
export async function verifyOtpTargetBundle(
  bundle: string,
  environment: ResolvedEnvironment,
): Promise<OtpTarget> {
  const parsed = parseEnclaveBundle(bundle);
  const data = hexToBytes(parsed.data);
  if (!environment.skipOtpBundleSignatureCheck) {
    await verifyEnclaveSignatureOver(
      {
        bundle: parsed,
        pinnedSigner: environment.otpSigner,
        environmentName: environment.name,
        signerRole: 'OTP signer',
      },
      data,
    );
  }
  let targetPublic: unknown;
  try {
    targetPublic = (JSON.parse(bytesToUtf8(data)) as Record<string, unknown>).targetPublic;
  } catch (cause) {
    throw malformed('Bundle data is not UTF-8 JSON', cause);
  }
  // RFC 9180 §7.1.4: the recipient must be a valid uncompressed point; compressed is refused.
  if (typeof targetPublic !== 'string' || !/^04[0-9a-fA-F]{128}$/.test(targetPublic)) {
    throw malformed('Bundle targetPublic is not an uncompressed P-256 public key');
  }
  try {
    return { targetPublicKey: toUncompressedPublicKey(targetPublic) };
  } catch (cause) {
    throw malformed('Bundle targetPublic is not a P-256 point', cause);
  }
}
