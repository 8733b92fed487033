import { hexToBytes, isHex } from '../encoding/hex.js';
import { WalletAuthError } from '../errors/wallet-auth-error.js';
import { verifyMessageSignature } from './ecdsa.js';
import { publicKeysEqual } from './p256.js';

/** The only bundle version the kit accepts (docs/protocol.md §4, §8). */
export const BUNDLE_VERSION = 'v1.0.0';

/** The four members of a signed enclave bundle (docs/protocol.md §4, §8). */
export interface EnclaveBundle {
  version: string;
  data: string;
  dataSignature: string;
  enclaveQuorumPublic: string;
}

function malformed(message: string, cause?: unknown): WalletAuthError {
  return new WalletAuthError('BUNDLE_MALFORMED', message, { cause });
}

/**
 * Parses the outer JSON of an enclave bundle: one surrounding pair of `'` stripped (a documentation
 * quirk), version `v1.0.0`, four string members, `data` non-empty hex (docs/protocol.md §4 step 1, §8).
 * @param bundle - The bundle string.
 * @throws WalletAuthError `BUNDLE_MALFORMED`.
 */
export function parseEnclaveBundle(bundle: string): EnclaveBundle {
  const text =
    bundle.length >= 2 && bundle.startsWith("'") && bundle.endsWith("'")
      ? bundle.slice(1, -1)
      : bundle;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (cause) {
    throw malformed('Bundle is not JSON', cause);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw malformed('Bundle is not a JSON object');
  }
  const { version, data, dataSignature, enclaveQuorumPublic } = parsed as Record<string, unknown>;
  if (
    typeof version !== 'string' ||
    typeof data !== 'string' ||
    typeof dataSignature !== 'string' ||
    typeof enclaveQuorumPublic !== 'string'
  ) {
    throw malformed(
      'Bundle needs string members version, data, dataSignature, enclaveQuorumPublic',
    );
  }
  if (version !== BUNDLE_VERSION) {
    throw malformed('Bundle version is not supported');
  }
  if (data === '' || !isHex(data)) {
    throw malformed('Bundle data is not hex');
  }
  return { version, data, dataSignature, enclaveQuorumPublic };
}

/** Parameters of `verifyEnclaveSignature`. */
export interface VerifyEnclaveSignatureParams {
  /** The parsed bundle. */
  bundle: EnclaveBundle;
  /** The pinned signer, pub65 hex. */
  pinnedSigner: string;
  /** Environment name, for the error text (catalogue HPKE-03). */
  environmentName: string;
  /** What the signer is pinned as, for the error text and the developer message. */
  signerRole: 'OTP signer' | 'export signer';
}

const PIN_OPTIONS = {
  'OTP signer': 'enclaveKeys.otpSigner',
  'export signer': 'enclaveKeys.exportSigner',
} as const;

/**
 * Tells the developer, on the console, which client option to set when a bundle's signer is not
 * the pinned key: the end user only sees the safe `BUNDLE_SIGNATURE_INVALID` message, and a
 * misconfigured pin (most often a sandbox started with a random enclave key) would otherwise
 * fail silently. Both keys are public; nothing secret is printed.
 */
function reportPinMismatch(params: VerifyEnclaveSignatureParams): void {
  const option = PIN_OPTIONS[params.signerRole];
  const hint =
    params.environmentName === 'sandbox'
      ? `set the client option ${option} to the sandbox's enclave public key (the emulator prints it at start as "enclave public key"), or run the emulator with its default development key`
      : `check that the client talks to the environment it is configured for (option environment) and that ${option} is the service's key`;
  globalThis.console?.error(
    `[wallet-auth] ${params.signerRole} mismatch in the ${params.environmentName} environment: the bundle is signed by ${params.bundle.enclaveQuorumPublic || '(no key)'} but the client pins ${params.pinnedSigner}. To fix it, ${hint}.`,
  );
}

/**
 * Checks `enclaveQuorumPublic` against the pin, then `dataSignature` (DER, high-S accepted) over
 * the bytes `data` decodes to (docs/protocol.md §4 steps 2–3, §8). A key carried only by the bundle proves nothing.
 * @param params - Bundle, pinned key and names for messages.
 * @throws WalletAuthError `BUNDLE_SIGNATURE_INVALID`.
 */
export async function verifyEnclaveSignature(params: VerifyEnclaveSignatureParams): Promise<void> {
  await verifyEnclaveSignatureOver(params, hexToBytes(params.bundle.data));
}

/**
 * `verifyEnclaveSignature` given the bytes `data` decodes to, for a caller that reads them too
 * (the OTP target bundle): decoded once.
 * @param params - Bundle, pinned key and names for messages.
 * @param data - `hexToBytes(params.bundle.data)`.
 * @throws WalletAuthError `BUNDLE_SIGNATURE_INVALID`.
 */
export async function verifyEnclaveSignatureOver(
  params: VerifyEnclaveSignatureParams,
  data: Uint8Array,
): Promise<void> {
  const { bundle } = params;
  const pinMismatch = () => {
    reportPinMismatch(params);
    return new WalletAuthError(
      'BUNDLE_SIGNATURE_INVALID',
      `Bundle signer is not the pinned ${params.signerRole} of the ${params.environmentName} environment`,
      { details: { check: 'pin', environment: params.environmentName } },
    );
  };
  // The pin's own text (the usual case) names the pinned key; other spellings (pub33, another
  // case) are compared as points.
  if (
    bundle.enclaveQuorumPublic !== params.pinnedSigner &&
    !publicKeysEqual(bundle.enclaveQuorumPublic, params.pinnedSigner)
  ) {
    throw pinMismatch();
  }
  let verified: boolean;
  try {
    verified = await verifyMessageSignature({
      publicKey: params.pinnedSigner,
      signature: isHex(bundle.dataSignature) ? bundle.dataSignature : '',
      message: data,
    });
  } catch (cause) {
    // Only a pin that is not a point gets here (equal text skips the point check above).
    if (cause instanceof WalletAuthError && cause.code === 'PUBLIC_KEY_INVALID') {
      throw pinMismatch();
    }
    throw cause;
  }
  if (!verified) {
    throw new WalletAuthError('BUNDLE_SIGNATURE_INVALID', 'Bundle dataSignature does not verify', {
      details: { check: 'signature', environment: params.environmentName },
    });
  }
}
