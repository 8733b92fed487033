import { hexToBytes, isHex } from '../encoding/hex.js';
import { bytesToUtf8 } from '../encoding/utf8.js';
import { WalletAuthError } from '../errors/wallet-auth-error.js';
import { zeroize } from '../internal/bytes.js';
import type { DecryptionKeyPair } from '../keys/key-pair.js';
import { parseEnclaveBundle, verifyEnclaveSignature } from './enclave-bundle.js';
import type { ResolvedEnvironment } from './environment.js';
import { hpkeOpen } from './hpke.js';
import { isPublicKey } from './p256.js';

/** Parameters of `decryptExportBundle`. */
export interface DecryptExportBundleParams {
  /** `encryptedWalletCredentials` from the export response. */
  encryptedWalletCredentials: string;
  /** The fresh ECDH key pair whose pub65 was sent as `clientPublicKey` for this export. */
  keyPair: DecryptionKeyPair;
  /** From `resolveEnvironment`: decides whether the bundle must be signed, and by whom. */
  environment: ResolvedEnvironment;
}

function malformed(message: string, cause?: unknown): WalletAuthError {
  return new WalletAuthError('BUNDLE_MALFORMED', message, { cause });
}

interface ExportData {
  encappedPublic: string;
  ciphertext: string;
}

function parseExportData(dataHex: string): ExportData {
  let data: unknown;
  try {
    data = JSON.parse(bytesToUtf8(hexToBytes(dataHex)));
  } catch (cause) {
    throw malformed('Export bundle data is not UTF-8 JSON', cause);
  }
  const { encappedPublic, ciphertext } = (data ?? {}) as Record<string, unknown>;
  if (typeof encappedPublic !== 'string' || !/^04[0-9a-fA-F]{128}$/.test(encappedPublic)) {
    throw malformed('Export bundle encappedPublic is not an uncompressed public key');
  }
  if (!isPublicKey(encappedPublic)) {
    throw malformed('Export bundle encappedPublic is not a P-256 point');
  }
  // At least the 16-byte tag.
  if (typeof ciphertext !== 'string' || ciphertext.length < 32 || !isHex(ciphertext)) {
    throw malformed('Export bundle ciphertext is not hex');
  }
  return { encappedPublic, ciphertext };
}

/**
 * Opens an export bundle and returns the wallet's mnemonic (docs/protocol.md §8). With a pinned export
 * signer both signature fields must be present, match the pin and verify; an unsigned environment
 * (the sandbox, `exportSigner: null`) requires both empty. `organizationId` is not checked.
 * The decrypted bytes are zeroed once decoded to the returned string.
 * @param params - Bundle, the export's decryption key pair and the environment.
 * @throws WalletAuthError `BUNDLE_MALFORMED` (unparseable, or signature fields mixed or not
 * fitting the environment), `BUNDLE_SIGNATURE_INVALID` (pin mismatch, bad signature),
 * `DECRYPT_FAILED` (AEAD failure).
 */
export async function decryptExportBundle(params: DecryptExportBundleParams): Promise<string> {
  const { environment } = params;
  const bundle = parseEnclaveBundle(params.encryptedWalletCredentials);
  const signatureEmpty = bundle.dataSignature === '';
  const signerEmpty = bundle.enclaveQuorumPublic === '';
  if (signatureEmpty !== signerEmpty) {
    throw malformed('Export bundle has only one of dataSignature and enclaveQuorumPublic');
  }
  if (environment.exportSigner === null) {
    if (!signatureEmpty) {
      throw malformed(
        `Export bundles are unsigned in the ${environment.name} environment; a signed one needs enclaveKeys.exportSigner`,
      );
    }
  } else {
    if (signatureEmpty) {
      throw malformed(`Export bundles must be signed in the ${environment.name} environment`);
    }
    await verifyEnclaveSignature({
      bundle,
      pinnedSigner: environment.exportSigner,
      environmentName: environment.name,
      signerRole: 'export signer',
    });
  }
  const data = parseExportData(bundle.data);
  const plaintext = await hpkeOpen({
    recipientKeyPair: params.keyPair,
    encappedPublicKey: data.encappedPublic,
    ciphertext: hexToBytes(data.ciphertext),
  });
  try {
    return bytesToUtf8(plaintext);
  } catch (cause) {
    throw malformed('Export bundle plaintext is not UTF-8', cause);
  } finally {
    zeroize(plaintext);
  }
}
