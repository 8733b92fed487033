import { p256 } from '@noble/curves/nist.js';
import { interopVectors as vectors } from '@wallet-auth/test-utils';
import { describe, expect, it, vi } from 'vitest';
import { bytesToHex, hexToBytes } from '../encoding/hex.js';
import { utf8ToBytes } from '../encoding/utf8.js';
import { isWalletAuthError } from '../errors/wallet-auth-error.js';
import { resolveEnvironment } from './environment.js';
import { verifyOtpTargetBundle } from './otp-target-bundle.js';

const vector = vectors.vectors.otpEncryptionTargetBundle;
const enclave = vectors.keys.enclaveSigningKey;
const target = vectors.keys.otpTargetKey;
const sandbox = resolveEnvironment({
  environment: 'sandbox',
  enclaveKeys: { otpSigner: enclave.publicKeyUncompressedHex },
});

interface Bundle {
  version: string;
  data: string;
  dataSignature: string;
  enclaveQuorumPublic: string;
}

function signedBundle(
  dataText: string,
  signerPrivateKeyHex = enclave.privateKeyHex,
  overrides: Partial<Bundle> = {},
): string {
  const data = utf8ToBytes(dataText);
  const signer = hexToBytes(signerPrivateKeyHex);
  return JSON.stringify({
    version: 'v1.0.0',
    data: bytesToHex(data),
    dataSignature: bytesToHex(p256.sign(data, signer, { format: 'der' })),
    enclaveQuorumPublic: bytesToHex(p256.getPublicKey(signer, false)),
    ...overrides,
  });
}

async function outcome(bundle: string, environment = sandbox): Promise<string> {
  try {
    const result = await verifyOtpTargetBundle(bundle, environment);
    return `ok:${bytesToHex(result.targetPublicKey)}`;
  } catch (error) {
    return isWalletAuthError(error) ? error.code : `untyped:${String(error)}`;
  }
}

describe('verifyOtpTargetBundle (docs/protocol.md §4)', () => {
  it('given the vector bundle under its enclave pin, should accept it and return targetPublic', async () => {
    expect(await outcome(vector.bundle)).toBe(`ok:${target.publicKeyUncompressedHex}`);
    expect(await outcome(`'${vector.bundle}'`)).toBe(`ok:${target.publicKeyUncompressedHex}`);
  });

  it('HPKE-03: given the vector bundle under the production pin, should reject it naming the environment', async () => {
    const error = await verifyOtpTargetBundle(vector.bundle, resolveEnvironment()).catch((e) => e);
    expect(error).toMatchObject({
      code: 'BUNDLE_SIGNATURE_INVALID',
      details: { check: 'pin', environment: 'production' },
    });
    expect(error.message).toContain('production');
  });

  it('HPKE-03: given a pin mismatch, should tell the developer on the console which option to set, and give the end user only the safe error', async () => {
    const errors: unknown[][] = [];
    const spy = vi.spyOn(console, 'error').mockImplementation((...args) => {
      errors.push(args);
    });
    try {
      const defaultSandbox = resolveEnvironment({ environment: 'sandbox' });
      const error = await verifyOtpTargetBundle(vector.bundle, defaultSandbox).catch((e) => e);
      expect(error).toMatchObject({ code: 'BUNDLE_SIGNATURE_INVALID', details: { check: 'pin' } });
      expect(error.message).not.toContain('enclaveKeys');
      expect(errors).toHaveLength(1);
      const message = String(errors[0]?.[0]);
      expect(message).toContain('enclaveKeys.otpSigner');
      expect(message).toContain(enclave.publicKeyUncompressedHex);
      expect(message).toContain(defaultSandbox.otpSigner);
    } finally {
      spy.mockRestore();
    }
  });

  it('HPKE-03: given a bundle claiming the production signer while configured for the sandbox, should reject it', async () => {
    const bundle = JSON.stringify({
      ...JSON.parse(vector.bundle),
      enclaveQuorumPublic:
        vectors.constants.turnkeyProductionKeys
          .PRODUCTION_TLS_FETCHER_SIGN_PUBLIC_KEY_from_tkhq_sdk_2_9_plus,
    });
    const error = await verifyOtpTargetBundle(bundle, sandbox).catch((e) => e);
    expect(error).toMatchObject({
      code: 'BUNDLE_SIGNATURE_INVALID',
      details: { environment: 'sandbox' },
    });
  });

  it('given a pin that is not a point and a bundle naming the same text, should reject it as not the pinned signer', async () => {
    const valid = enclave.publicKeyUncompressedHex;
    const offCurve = `${valid.slice(0, -2)}${valid.endsWith('a3') ? 'a4' : 'a3'}`;
    const environment = { ...sandbox, otpSigner: offCurve };
    const bundle = signedBundle(
      JSON.stringify({ targetPublic: target.publicKeyUncompressedHex }),
      enclave.privateKeyHex,
      { enclaveQuorumPublic: offCurve },
    );
    const error = await verifyOtpTargetBundle(bundle, environment).catch((e) => e);
    expect(error).toMatchObject({ code: 'BUNDLE_SIGNATURE_INVALID', details: { check: 'pin' } });
  });

  it('given the pinned signer spelt as pub33 or in capitals, should accept the bundle', async () => {
    const data = JSON.stringify({ targetPublic: target.publicKeyUncompressedHex });
    for (const spelling of [
      enclave.publicKeyCompressedHex,
      enclave.publicKeyUncompressedHex.toUpperCase(),
    ]) {
      const bundle = signedBundle(data, enclave.privateKeyHex, { enclaveQuorumPublic: spelling });
      expect(await outcome(bundle)).toBe(`ok:${target.publicKeyUncompressedHex}`);
    }
  });

  it('HPKE-02: given a bundle validly signed by an attacker key that names itself, should reject it', async () => {
    const attacker = bytesToHex(p256.utils.randomSecretKey());
    const bundle = signedBundle(vector.dataJson, attacker);
    expect(await outcome(bundle)).toBe('BUNDLE_SIGNATURE_INVALID');
  });

  it('HPKE-01: given one flipped bit anywhere in data, dataSignature or enclaveQuorumPublic bytes, should reject with BUNDLE_SIGNATURE_INVALID', async () => {
    const parsed = JSON.parse(vector.bundle) as Bundle;
    for (const field of ['data', 'dataSignature', 'enclaveQuorumPublic'] as const) {
      const bytes = hexToBytes(parsed[field]);
      for (let bit = 0; bit < bytes.length * 8; bit++) {
        const tampered = bytes.slice();
        tampered[bit >> 3] = (tampered[bit >> 3] as number) ^ (1 << (bit & 7));
        const bundle = JSON.stringify({ ...parsed, [field]: bytesToHex(tampered) });
        expect(await outcome(bundle), `${field} bit ${bit}`).toBe('BUNDLE_SIGNATURE_INVALID');
      }
    }
  }, 30_000);

  it('given one flipped bit anywhere in the bundle text, should give a typed bundle error, or the same result for a hex case flip', async () => {
    const text = utf8ToBytes(vector.bundle);
    const expected = `ok:${target.publicKeyUncompressedHex}`;
    // Hex is case-insensitive on input (docs/protocol.md, Notation): flipping the 0x20 bit of a hex letter
    // inside a hex value changes nothing.
    const hexRanges = (['data', 'dataSignature', 'enclaveQuorumPublic'] as const).map((field) => {
      const start = vector.bundle.indexOf(`"${field}":"`) + field.length + 4;
      return [start, vector.bundle.indexOf('"', start)] as const;
    });
    const inHexValue = (index: number) =>
      hexRanges.some(([start, end]) => index >= start && index < end);
    for (let bit = 0; bit < text.length * 8; bit++) {
      const tampered = text.slice();
      tampered[bit >> 3] = (tampered[bit >> 3] as number) ^ (1 << (bit & 7));
      const flipped = new TextDecoder().decode(tampered);
      const result = await outcome(flipped);
      const isCaseFlip =
        (bit & 7) === 5 && inHexValue(bit >> 3) && /[a-fA-F]/.test(vector.bundle[bit >> 3] ?? '');
      if (isCaseFlip) {
        expect(result, `bit ${bit}`).toBe(expected);
      } else {
        expect(['BUNDLE_MALFORMED', 'BUNDLE_SIGNATURE_INVALID'], `bit ${bit}`).toContain(result);
      }
    }
  }, 30_000);

  it('HPKE-04: given broken structure, should reject with BUNDLE_MALFORMED before any signature check', async () => {
    const parsed = JSON.parse(vector.bundle) as Bundle;
    const cases = {
      notJson: 'not json',
      array: '[]',
      nullValue: 'null',
      missingData: JSON.stringify({ ...parsed, data: undefined }),
      numberSignature: JSON.stringify({ ...parsed, dataSignature: 1 }),
      unknownVersion: JSON.stringify({ ...parsed, version: 'v2.0.0' }),
      dataNotHex: JSON.stringify({ ...parsed, data: 'xyz' }),
      dataOddHex: JSON.stringify({ ...parsed, data: `${parsed.data}0` }),
      emptyData: JSON.stringify({ ...parsed, data: '' }),
    };
    for (const [name, bundle] of Object.entries(cases)) {
      expect(await outcome(bundle), name).toBe('BUNDLE_MALFORMED');
    }
  });

  it('HPKE-04: given validly signed data that is not JSON or lacks targetPublic, should reject with BUNDLE_MALFORMED', async () => {
    for (const data of ['not json', '[]', 'null', '{}', '{"targetPublic":42}', '\uFFFD{']) {
      expect(await outcome(signedBundle(data)), data).toBe('BUNDLE_MALFORMED');
    }
    const invalidUtf8 = signedBundle('x', enclave.privateKeyHex);
    const withBadBytes = JSON.parse(invalidUtf8) as Bundle;
    const bytes = new Uint8Array([0xc3, 0x28]);
    const signature = bytesToHex(
      p256.sign(bytes, hexToBytes(enclave.privateKeyHex), { format: 'der' }),
    );
    expect(
      await outcome(
        JSON.stringify({ ...withBadBytes, data: bytesToHex(bytes), dataSignature: signature }),
      ),
    ).toBe('BUNDLE_MALFORMED');
  });

  it('given extra members inside data, should ignore them', async () => {
    const data = JSON.stringify({
      targetPublic: target.publicKeyUncompressedHex,
      organizationId: 'x',
      extra: 1,
    });
    expect(await outcome(signedBundle(data))).toBe(`ok:${target.publicKeyUncompressedHex}`);
  });

  it('HPKE-05: given targetPublic off-curve, infinity, wrong length or compressed, should reject before encrypting', async () => {
    const valid = target.publicKeyUncompressedHex;
    const offCurve = `${valid.slice(0, -1)}${valid.endsWith('7') ? '8' : '7'}`;
    for (const targetPublic of [
      offCurve,
      '00',
      valid.slice(0, -2),
      `${valid}00`,
      target.publicKeyCompressedHex,
      `04${'00'.repeat(64)}`,
    ]) {
      expect(await outcome(signedBundle(JSON.stringify({ targetPublic }))), targetPublic).toBe(
        'BUNDLE_MALFORMED',
      );
    }
  });

  it('HPKE-06: given dataSignature that is not strict DER, should reject with BUNDLE_SIGNATURE_INVALID', async () => {
    const parsed = JSON.parse(vector.bundle) as Bundle;
    const raw = p256.sign(hexToBytes(parsed.data), hexToBytes(enclave.privateKeyHex), {
      format: 'compact',
    });
    for (const dataSignature of [
      '',
      'zz',
      `${parsed.dataSignature}00`,
      bytesToHex(raw),
      `30${parsed.dataSignature.slice(2, 4)}`,
    ]) {
      expect(await outcome(JSON.stringify({ ...parsed, dataSignature })), dataSignature).toBe(
        'BUNDLE_SIGNATURE_INVALID',
      );
    }
  });

  it('given a sandbox without a pinned OTP signer, should reject; with the skip flag, should accept any signer', async () => {
    const unpinned = resolveEnvironment({ environment: 'sandbox' });
    expect(await outcome(vector.bundle, unpinned)).toBe('BUNDLE_SIGNATURE_INVALID');
    const skipping = resolveEnvironment({
      environment: 'sandbox',
      dangerouslySkipOtpBundleSignatureCheck: true,
    });
    const attacker = bytesToHex(p256.utils.randomSecretKey());
    expect(await outcome(signedBundle(vector.dataJson, attacker), skipping)).toBe(
      `ok:${target.publicKeyUncompressedHex}`,
    );
    expect(await outcome(signedBundle('{}', attacker), skipping)).toBe('BUNDLE_MALFORMED');
  });

  it('given a high-S dataSignature, should accept it (docs/protocol.md §2)', async () => {
    const parsed = JSON.parse(vector.bundle) as Bundle;
    const signature = p256.Signature.fromBytes(hexToBytes(parsed.dataSignature), 'der');
    const flipped = new p256.Signature(signature.r, p256.Point.Fn.ORDER - signature.s);
    const bundle = JSON.stringify({ ...parsed, dataSignature: bytesToHex(flipped.toBytes('der')) });
    expect(await outcome(bundle)).toBe(`ok:${target.publicKeyUncompressedHex}`);
  });
});
