import { loadOnDemand } from '../internal/load-chunk.js';
import type { DecryptExportBundleParams } from './open-export-bundle.js';

export type { DecryptExportBundleParams } from './open-export-bundle.js';

/**
 * Opens an export bundle and returns the wallet's mnemonic (wire-format §8). With a pinned export
 * signer both signature fields must be present, match the pin and verify; an unsigned environment
 * (the sandbox, `exportSigner: null`) requires both empty. `organizationId` is not checked. The
 * decrypted bytes are zeroed once decoded to the returned string. Its code (`open-export-bundle.ts`)
 * is loaded on first use: a sign-in never needs it.
 * @param params - Bundle, the export's decryption key pair and the environment.
 * @throws WalletAuthError `BUNDLE_MALFORMED` (unparseable, or signature fields mixed or not
 * fitting the environment), `BUNDLE_SIGNATURE_INVALID` (pin mismatch, bad signature),
 * `DECRYPT_FAILED` (AEAD failure), `NETWORK_ERROR` (the code could not be loaded).
 */
export async function decryptExportBundle(params: DecryptExportBundleParams): Promise<string> {
  return (await loadOnDemand()).openExportBundle(params);
}
