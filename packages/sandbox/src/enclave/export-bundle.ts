/**
 * The export bundle `encryptedWalletCredentials` (docs/protocol.md §8): an HPKE seal (§3) of the
 * wallet's BIP-39 mnemonic to the client's pub65 key, wrapped as
 * `{"version","data","dataSignature","enclaveQuorumPublic"}`; the last two are empty strings
 * unless `signExportBundles` is on.
 */
import { toHex, utf8 } from '../crypto/encoding.js';
import { hpkeSeal } from '../crypto/hpke.js';
import type { P256Point } from '../crypto/p256.js';
import type { Enclave } from './enclave.js';

/** Inputs of one export. */
export interface ExportBundleInput {
  clientPublicKey: P256Point;
  mnemonic: string;
  organizationId: string;
  /** The enclave when bundles are signed (`signExportBundles`), else undefined. */
  signer: Enclave | undefined;
  /** Test-only fixed ephemeral key reproducing `vectors.exportBundle` (§16). */
  ephemeralPrivateKey?: Uint8Array;
}

/** Builds the bundle string. */
export async function createExportBundle(input: ExportBundleInput): Promise<string> {
  const { enc, ciphertext } = await hpkeSeal(
    input.clientPublicKey,
    utf8(input.mnemonic),
    input.ephemeralPrivateKey,
  );
  const data = utf8(
    JSON.stringify({
      encappedPublic: toHex(enc),
      ciphertext: toHex(ciphertext),
      organizationId: input.organizationId,
    }),
  );
  return JSON.stringify({
    version: 'v1.0.0',
    data: toHex(data),
    dataSignature: input.signer === undefined ? '' : input.signer.signDerHex(data),
    enclaveQuorumPublic: input.signer === undefined ? '' : input.signer.publicKeyHex,
  });
}
