import { interopVectors as vectors } from '@wallet-auth/test-utils';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hexToBytes } from '../encoding/hex.js';
import { bytesToUtf8 } from '../encoding/utf8.js';
import { importPrivateScalar } from '../keys/import-private-scalar.js';
import { encryptOtpCode } from './encrypt-otp-code.js';
import { resolveEnvironment } from './environment.js';
import { hpkeOpen } from './hpke.js';

const bundle = vectors.vectors.otpEncryptionTargetBundle.bundle;
const environment = resolveEnvironment({
  environment: 'sandbox',
  enclaveKeys: { otpSigner: vectors.keys.enclaveSigningKey.publicKeyCompressedHex },
});

async function openAsTarget(encryptedOtpBundle: string): Promise<string> {
  const targetKey = await importPrivateScalar(
    hexToBytes(vectors.keys.otpTargetKey.privateKeyHex),
    'decryption',
  );
  const { encappedPublic, ciphertext } = JSON.parse(encryptedOtpBundle) as Record<string, string>;
  return bytesToUtf8(
    await hpkeOpen({
      recipientKeyPair: targetKey,
      encappedPublicKey: encappedPublic!,
      ciphertext: hexToBytes(ciphertext!),
    }),
  );
}

describe('encryptOtpCode (docs/protocol.md §5)', () => {
  it('HPKE-17: given any valid code, should seal snake_case {otp_code, public_key} with the TEK sent, openable by the target', async () => {
    await fc.assert(
      fc.asyncProperty(fc.stringMatching(/^[0-9A-Za-z]{4,12}$/), async (otpCode) => {
        const { encryptedOtpBundle, sessionKeyPair } = await encryptOtpCode({
          otpEncryptionTargetBundle: bundle,
          otpCode,
          environment,
        });
        expect(Object.keys(JSON.parse(encryptedOtpBundle))).toEqual([
          'encappedPublic',
          'ciphertext',
        ]);
        // The code is never in clear: not in either value (the member names are fixed text).
        const sealed = JSON.parse(encryptedOtpBundle) as Record<string, string>;
        expect(sealed.encappedPublic).not.toContain(otpCode);
        expect(sealed.ciphertext).not.toContain(otpCode);
        const plaintext = await openAsTarget(encryptedOtpBundle);
        expect(plaintext).toBe(
          `{"otp_code":"${otpCode}","public_key":"${sessionKeyPair.publicKeyHex}"}`,
        );
      }),
      { numRuns: 40 },
    );
  });

  it('HPKE-19: given two attempts, should make a fresh non-extractable TEK each time', async () => {
    const first = await encryptOtpCode({
      otpEncryptionTargetBundle: bundle,
      otpCode: '000000',
      environment,
    });
    const second = await encryptOtpCode({
      otpEncryptionTargetBundle: bundle,
      otpCode: '000000',
      environment,
    });
    expect(first.sessionKeyPair.publicKeyHex).not.toBe(second.sessionKeyPair.publicKeyHex);
    expect(first.encryptedOtpBundle).not.toBe(second.encryptedOtpBundle);
    expect(first.sessionKeyPair.privateKey.extractable).toBe(false);
    expect(first.sessionKeyPair.purpose).toBe('signing');
  });

  it('HPKE-01: given a tampered bundle, should reject without leaking the code into the error', async () => {
    const parsed = JSON.parse(bundle) as Record<string, string>;
    const data = parsed.data!;
    const tampered = JSON.stringify({
      ...parsed,
      data: `${data.slice(0, 10)}${data[10] === '0' ? '1' : '0'}${data.slice(11)}`,
    });
    const error = await encryptOtpCode({
      otpEncryptionTargetBundle: tampered,
      otpCode: '493817',
      environment,
    }).catch((e) => e);
    expect(error).toMatchObject({ code: 'BUNDLE_SIGNATURE_INVALID' });
    expect(`${error.message}${JSON.stringify(error.details)}`).not.toContain('493817');
  });

  it('given a code that is not 4–12 letters or digits, should reject with OTP_CODE_INVALID and not echo it', async () => {
    for (const otpCode of ['', '123', '1234567890123', '12 34', '١٢٣٤٥٦', '12345"']) {
      const error = await encryptOtpCode({
        otpEncryptionTargetBundle: bundle,
        otpCode,
        environment,
      }).catch((e) => e);
      expect(error).toMatchObject({ code: 'OTP_CODE_INVALID' });
      if (otpCode !== '') {
        expect(error.message).not.toContain(otpCode);
      }
    }
  });

  it('given the production environment, should refuse the sandbox-signed vector bundle', async () => {
    await expect(
      encryptOtpCode({
        otpEncryptionTargetBundle: bundle,
        otpCode: '000000',
        environment: resolveEnvironment(),
      }),
    ).rejects.toMatchObject({ code: 'BUNDLE_SIGNATURE_INVALID' });
  });
});
