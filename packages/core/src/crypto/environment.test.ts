import { createSandbox } from '@wallet-auth/sandbox';
import { interopVectors as vectors } from '@wallet-auth/test-utils';
import { describe, expect, it } from 'vitest';
import {
  PRODUCTION_EXPORT_SIGNER_PUBLIC_KEY,
  PRODUCTION_OTP_SIGNER_PUBLIC_KEY,
  resolveEnvironment,
  SANDBOX_DEVELOPMENT_OTP_SIGNER_PUBLIC_KEY,
  type WalletAuthEnvironmentName,
} from './environment.js';

const production = vectors.constants.turnkeyProductionKeys;
const enclave = vectors.keys.enclaveSigningKey;

describe('resolveEnvironment (docs/protocol.md §4, §8)', () => {
  it("should pin exactly the vectors' production keys", () => {
    expect(PRODUCTION_OTP_SIGNER_PUBLIC_KEY).toBe(
      production.PRODUCTION_TLS_FETCHER_SIGN_PUBLIC_KEY_from_tkhq_sdk_2_9_plus,
    );
    expect(PRODUCTION_EXPORT_SIGNER_PUBLIC_KEY).toBe(production.PRODUCTION_SIGNER_SIGN_PUBLIC_KEY);
  });

  it('given no options, should be production with both pins and signed exports', () => {
    expect(resolveEnvironment()).toEqual({
      name: 'production',
      otpSigner: PRODUCTION_OTP_SIGNER_PUBLIC_KEY,
      exportSigner: PRODUCTION_EXPORT_SIGNER_PUBLIC_KEY,
      skipOtpBundleSignatureCheck: false,
    });
    expect(Object.isFrozen(resolveEnvironment())).toBe(true);
  });

  it('given production with the same pins in compressed form, should accept them without the override', () => {
    const compressed = `0${Number.parseInt(PRODUCTION_OTP_SIGNER_PUBLIC_KEY.slice(-1), 16) % 2 ? 3 : 2}${PRODUCTION_OTP_SIGNER_PUBLIC_KEY.slice(2, 66)}`;
    expect(resolveEnvironment({ enclaveKeys: { otpSigner: compressed } }).otpSigner).toBe(
      PRODUCTION_OTP_SIGNER_PUBLIC_KEY,
    );
  });

  it('given a changed production pin, should require dangerouslyOverrideProductionPins', () => {
    const options = { enclaveKeys: { otpSigner: enclave.publicKeyUncompressedHex } };
    expect(() => resolveEnvironment(options)).toThrowError(
      expect.objectContaining({ code: 'CONFIGURATION_INVALID' }),
    );
    expect(
      resolveEnvironment({ ...options, dangerouslyOverrideProductionPins: true }).otpSigner,
    ).toBe(enclave.publicKeyUncompressedHex);
    expect(() =>
      resolveEnvironment({ enclaveKeys: { exportSigner: enclave.publicKeyCompressedHex } }),
    ).toThrowError(expect.objectContaining({ code: 'CONFIGURATION_INVALID' }));
  });

  it('given production, should refuse skipping the OTP bundle check and unsigned exports, even with the override', () => {
    for (const options of [
      { dangerouslySkipOtpBundleSignatureCheck: true, dangerouslyOverrideProductionPins: true },
      { enclaveKeys: { exportSigner: null }, dangerouslyOverrideProductionPins: true },
    ]) {
      expect(() => resolveEnvironment(options)).toThrowError(
        expect.objectContaining({ code: 'CONFIGURATION_INVALID' }),
      );
    }
  });

  it('given a sandbox, should use the given keys, unsigned exports by default, and the skip flag', () => {
    expect(
      resolveEnvironment({
        environment: 'sandbox',
        enclaveKeys: { otpSigner: enclave.publicKeyCompressedHex },
      }),
    ).toEqual({
      name: 'sandbox',
      otpSigner: enclave.publicKeyUncompressedHex,
      exportSigner: null,
      skipOtpBundleSignatureCheck: false,
    });
    const signedExports = resolveEnvironment({
      environment: 'sandbox',
      enclaveKeys: { exportSigner: enclave.publicKeyUncompressedHex },
    });
    expect(signedExports.exportSigner).toBe(enclave.publicKeyUncompressedHex);
    expect(signedExports.otpSigner).toBe(SANDBOX_DEVELOPMENT_OTP_SIGNER_PUBLIC_KEY);
    expect(
      resolveEnvironment({ environment: 'sandbox', dangerouslySkipOtpBundleSignatureCheck: true })
        .skipOtpBundleSignatureCheck,
    ).toBe(true);
  });

  it('given a sandbox without an otpSigner, should pin the published development key the emulator signs with by default', () => {
    expect(resolveEnvironment({ environment: 'sandbox' }).otpSigner).toBe(
      SANDBOX_DEVELOPMENT_OTP_SIGNER_PUBLIC_KEY,
    );
    expect(SANDBOX_DEVELOPMENT_OTP_SIGNER_PUBLIC_KEY).toBe(createSandbox().enclavePublicKey);
  });

  it('given the development key as a production pin, should refuse it even with the override', () => {
    expect(() =>
      resolveEnvironment({
        enclaveKeys: { otpSigner: SANDBOX_DEVELOPMENT_OTP_SIGNER_PUBLIC_KEY },
        dangerouslyOverrideProductionPins: true,
      }),
    ).toThrowError(expect.objectContaining({ code: 'CONFIGURATION_INVALID' }));
  });

  it('given a key that is not a point or an unknown environment, should throw CONFIGURATION_INVALID', () => {
    expect(() =>
      resolveEnvironment({ environment: 'sandbox', enclaveKeys: { otpSigner: '04abcd' } }),
    ).toThrowError(expect.objectContaining({ code: 'CONFIGURATION_INVALID' }));
    expect(() =>
      resolveEnvironment({ environment: 'staging' as WalletAuthEnvironmentName }),
    ).toThrowError(expect.objectContaining({ code: 'CONFIGURATION_INVALID' }));
  });
});
