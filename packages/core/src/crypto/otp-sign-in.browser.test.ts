import { p256 } from '@noble/curves/nist.js';
import { describe, expect, it } from 'vitest';
import { bytesToBase64Url } from '../encoding/base64url.js';
import { bytesToHex, hexToBytes } from '../encoding/hex.js';
import { bytesToUtf8, utf8ToBytes } from '../encoding/utf8.js';
import { importPrivateScalar } from '../keys/import-private-scalar.js';
import { encryptOtpCode } from './encrypt-otp-code.js';
import { resolveEnvironment } from './environment.js';
import { hpkeOpen } from './hpke.js';
import { createStamp, verifyStamp } from './stamp.js';
import { assertVerificationTokenBinding } from './verification-token.js';

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

describe('OTP sign-in client crypto in Chromium', () => {
  it('should check the bundle, make a TEK, seal the code and stamp the token; logs the median time', async () => {
    const enclave = p256.utils.randomSecretKey();
    const target = p256.utils.randomSecretKey();
    const data = utf8ToBytes(
      JSON.stringify({ targetPublic: bytesToHex(p256.getPublicKey(target, false)) }),
    );
    const otpEncryptionTargetBundle = JSON.stringify({
      version: 'v1.0.0',
      data: bytesToHex(data),
      dataSignature: bytesToHex(p256.sign(data, enclave, { format: 'der' })),
      enclaveQuorumPublic: bytesToHex(p256.getPublicKey(enclave, false)),
    });
    const environment = resolveEnvironment({
      environment: 'sandbox',
      enclaveKeys: { otpSigner: bytesToHex(p256.getPublicKey(enclave, true)) },
    });

    const signIn = async () => {
      const { encryptedOtpBundle, sessionKeyPair } = await encryptOtpCode({
        otpEncryptionTargetBundle,
        otpCode: '000000',
        environment,
      });
      const token = `${bytesToBase64Url(utf8ToBytes('{"alg":"ES256","typ":"JWT"}'))}.${bytesToBase64Url(
        utf8ToBytes(JSON.stringify({ public_key: sessionKeyPair.publicKeyHex })),
      )}.sig`;
      assertVerificationTokenBinding(token, sessionKeyPair.publicKeyHex);
      const stamp = await createStamp({ payload: token, keyPair: sessionKeyPair });
      return { encryptedOtpBundle, sessionKeyPair, token, stamp };
    };

    // Correctness first: the target can open the bundle and the stamp verifies.
    const sample = await signIn();
    const pair = JSON.parse(sample.encryptedOtpBundle) as Record<string, string>;
    const targetKey = await importPrivateScalar(target, 'decryption');
    const plaintext = await hpkeOpen({
      recipientKeyPair: targetKey,
      encappedPublicKey: pair.encappedPublic!,
      ciphertext: hexToBytes(pair.ciphertext!),
    });
    expect(JSON.parse(bytesToUtf8(plaintext))).toEqual({
      otp_code: '000000',
      public_key: sample.sessionKeyPair.publicKeyHex,
    });
    expect(await verifyStamp({ stamp: sample.stamp, payload: sample.token })).toBe(true);

    // Timing (logged, not asserted; performance.now() is coarse without cross-origin isolation).
    for (let warmup = 0; warmup < 5; warmup++) {
      await signIn();
    }
    const durations: number[] = [];
    const batchStart = performance.now();
    for (let iteration = 0; iteration < 50; iteration++) {
      const start = performance.now();
      await signIn();
      durations.push(performance.now() - start);
    }
    const mean = (performance.now() - batchStart) / 50;
    console.log(
      `[otp-sign-in] client crypto (keygen + bundle check + seal + stamp), 50 runs: median ${median(durations).toFixed(2)} ms, mean ${mean.toFixed(2)} ms`,
    );
    expect(durations).toHaveLength(50);
  });
});
