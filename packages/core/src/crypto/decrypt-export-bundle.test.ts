import { interopVectors as vectors } from '@wallet-auth/test-utils';
import { describe, expect, it } from 'vitest';
import { bytesToHex, hexToBytes } from '../encoding/hex.js';
import { bytesToUtf8, utf8ToBytes } from '../encoding/utf8.js';
import { isWalletAuthError } from '../errors/wallet-auth-error.js';
import { importPrivateScalar } from '../keys/import-private-scalar.js';
import { type DecryptionKeyPair, generateDecryptionKeyPair } from '../keys/key-pair.js';
import { decryptExportBundle } from './decrypt-export-bundle.js';
import { type ResolvedEnvironment, resolveEnvironment } from './environment.js';

const vector = vectors.vectors.exportBundle;
const unsignedSandbox = resolveEnvironment({ environment: 'sandbox' });
const signedSandbox = resolveEnvironment({
  environment: 'sandbox',
  enclaveKeys: { exportSigner: vectors.keys.enclaveSigningKey.publicKeyUncompressedHex },
});

interface Bundle {
  version: string;
  data: string;
  dataSignature: string;
  enclaveQuorumPublic: string;
}

function exportKey(): Promise<DecryptionKeyPair> {
  return importPrivateScalar(hexToBytes(vector.recipient.privateKeyHex), 'decryption');
}

async function outcome(
  bundle: string,
  environment: ResolvedEnvironment,
  keyPair?: DecryptionKeyPair,
): Promise<string> {
  try {
    return `ok:${await decryptExportBundle({ encryptedWalletCredentials: bundle, keyPair: keyPair ?? (await exportKey()), environment })}`;
  } catch (error) {
    return isWalletAuthError(error) ? error.code : `untyped:${String(error)}`;
  }
}

function withData(bundle: string, mutate: (data: Record<string, unknown>) => void): string {
  const parsed = JSON.parse(bundle) as Bundle;
  const data = JSON.parse(bytesToUtf8(hexToBytes(parsed.data))) as Record<string, unknown>;
  mutate(data);
  return JSON.stringify({ ...parsed, data: bytesToHex(utf8ToBytes(JSON.stringify(data))) });
}

describe('decryptExportBundle (docs/protocol.md §8)', () => {
  it('given the signed vector under its pinned signer, should return the mnemonic', async () => {
    expect(await outcome(vector.signed.encryptedWalletCredentials, signedSandbox)).toBe(
      `ok:${vector.plaintextMnemonic}`,
    );
  });

  it('given the sandbox-style vector in an unsigned sandbox, should accept the empty fields and return the mnemonic', async () => {
    expect(await outcome(vector.sandboxStyle.encryptedWalletCredentials, unsignedSandbox)).toBe(
      `ok:${vector.plaintextMnemonic}`,
    );
  });

  it('given the Turnkey known answer in production, should verify the production signer and return its mnemonic', async () => {
    const { exportBundle, embeddedKey, expectedMnemonic } = vector.turnkeyKnownAnswer;
    const keyPair = await importPrivateScalar(hexToBytes(embeddedKey), 'decryption');
    expect(await outcome(exportBundle, resolveEnvironment(), keyPair)).toBe(
      `ok:${expectedMnemonic}`,
    );
  });

  it('given empty signature fields outside an unsigned sandbox, should reject with BUNDLE_MALFORMED', async () => {
    expect(
      await outcome(vector.sandboxStyle.encryptedWalletCredentials, resolveEnvironment()),
    ).toBe('BUNDLE_MALFORMED');
    expect(await outcome(vector.sandboxStyle.encryptedWalletCredentials, signedSandbox)).toBe(
      'BUNDLE_MALFORMED',
    );
  });

  it('given a signed bundle in an unsigned sandbox, or mixed fields, should reject with BUNDLE_MALFORMED', async () => {
    const signed = JSON.parse(vector.signed.encryptedWalletCredentials) as Bundle;
    expect(await outcome(vector.signed.encryptedWalletCredentials, unsignedSandbox)).toBe(
      'BUNDLE_MALFORMED',
    );
    expect(await outcome(JSON.stringify({ ...signed, dataSignature: '' }), signedSandbox)).toBe(
      'BUNDLE_MALFORMED',
    );
    expect(
      await outcome(JSON.stringify({ ...signed, enclaveQuorumPublic: '' }), signedSandbox),
    ).toBe('BUNDLE_MALFORMED');
  });

  it('given a signer other than the pin, should reject with BUNDLE_SIGNATURE_INVALID', async () => {
    expect(await outcome(vector.signed.encryptedWalletCredentials, resolveEnvironment())).toBe(
      'BUNDLE_SIGNATURE_INVALID',
    );
  });

  it('given one flipped bit anywhere in signed data, signature or signer bytes, should reject with BUNDLE_SIGNATURE_INVALID', async () => {
    const parsed = JSON.parse(vector.signed.encryptedWalletCredentials) as Bundle;
    const keyPair = await exportKey();
    for (const field of ['data', 'dataSignature', 'enclaveQuorumPublic'] as const) {
      const bytes = hexToBytes(parsed[field]);
      for (let bit = 0; bit < bytes.length * 8; bit += field === 'data' ? 13 : 1) {
        const tampered = bytes.slice();
        tampered[bit >> 3] = (tampered[bit >> 3] as number) ^ (1 << (bit & 7));
        const bundle = JSON.stringify({ ...parsed, [field]: bytesToHex(tampered) });
        expect(await outcome(bundle, signedSandbox, keyPair), `${field} bit ${bit}`).toBe(
          'BUNDLE_SIGNATURE_INVALID',
        );
      }
    }
  }, 30_000);

  it('given one flipped bit in the unsigned ciphertext, should fail with DECRYPT_FAILED; in encappedPublic, MALFORMED or DECRYPT_FAILED', async () => {
    const keyPair = await exportKey();
    const bundle = vector.sandboxStyle.encryptedWalletCredentials;
    let data: Record<string, unknown> = {};
    withData(bundle, (value) => {
      data = { ...value };
    });
    for (const field of ['ciphertext', 'encappedPublic'] as const) {
      const bytes = hexToBytes(data[field] as string);
      for (let bit = field === 'ciphertext' ? 0 : 8; bit < bytes.length * 8; bit += 3) {
        const tampered = bytes.slice();
        tampered[bit >> 3] = (tampered[bit >> 3] as number) ^ (1 << (bit & 7));
        const result = await outcome(
          withData(bundle, (value) => {
            value[field] = bytesToHex(tampered);
          }),
          unsignedSandbox,
          keyPair,
        );
        expect(
          field === 'ciphertext' ? ['DECRYPT_FAILED'] : ['BUNDLE_MALFORMED', 'DECRYPT_FAILED'],
          `${field} bit ${bit}`,
        ).toContain(result);
      }
    }
  }, 30_000);

  it('given an export sealed to another key, should fail with DECRYPT_FAILED', async () => {
    const other = await generateDecryptionKeyPair();
    expect(
      await outcome(vector.sandboxStyle.encryptedWalletCredentials, unsignedSandbox, other),
    ).toBe('DECRYPT_FAILED');
  });

  it('given unparseable data, should reject with BUNDLE_MALFORMED; organizationId is not checked', async () => {
    const bundle = vector.sandboxStyle.encryptedWalletCredentials;
    const parsed = JSON.parse(bundle) as Bundle;
    const cases = [
      'not json',
      JSON.stringify({ ...parsed, version: 'v0' }),
      JSON.stringify({ ...parsed, data: bytesToHex(utf8ToBytes('not json')) }),
      withData(bundle, (value) => {
        value.encappedPublic = undefined;
      }),
      withData(bundle, (value) => {
        value.encappedPublic = vectors.keys.hpkeEphemeralExport.publicKeyCompressedHex;
      }),
      withData(bundle, (value) => {
        value.ciphertext = 'xyz';
      }),
      withData(bundle, (value) => {
        value.ciphertext = 'abcd';
      }),
    ];
    for (const bad of cases) {
      expect(await outcome(bad, unsignedSandbox)).toBe('BUNDLE_MALFORMED');
    }
    const otherOrg = withData(bundle, (value) => {
      value.organizationId = 'another-org';
    });
    expect(await outcome(otherOrg, unsignedSandbox)).toBe(`ok:${vector.plaintextMnemonic}`);
  });
});
