import { loadOnDemand } from '../internal/load-chunk.js';
import { getSubtle } from '../internal/web-crypto.js';
import type { KeyPurpose, P256KeyPair } from './key-pair.js';

/**
 * Imports a raw P-256 private scalar as a non-extractable key pair (wire-format §7). WebCrypto
 * imports the scalar without a public key and computes d·G itself where it can (Chromium, Node);
 * elsewhere the public key is computed with @noble/curves, loaded on demand, and imported with it.
 * The caller's scalar is left as is; every DER copy made here is zeroed. Its code is loaded on
 * first use.
 * @param scalar - 32 big-endian bytes, 1 ≤ d < n.
 * @param purpose - `signing` (ECDSA) or `decryption` (ECDH).
 * @throws WalletAuthError `SEALED_KEY_MALFORMED` when the scalar is out of range or not 32 bytes;
 * `NETWORK_ERROR` when its code cannot be loaded.
 */
export async function importPrivateScalar<Purpose extends KeyPurpose>(
  scalar: Uint8Array,
  purpose: Purpose,
): Promise<P256KeyPair<Purpose>> {
  return (await loadOnDemand()).importPrivateScalarWith(getSubtle, scalar, purpose);
}
