// Dev-only cross-checks against @turnkey/crypto 2.13.2 and @turnkey/api-key-stamper 0.6.17 with
// random inputs, both directions (docs/protocol.md §16). These packages never reach src outside tests.
import { p256 } from '@noble/curves/nist.js';
import { ApiKeyStamper } from '@turnkey/api-key-stamper';
import {
  decryptCredentialBundle,
  encryptOtpCodeToBundle,
  formatHpkeBuf,
  hpkeDecrypt,
  hpkeEncrypt,
  decryptExportBundle as turnkeyDecryptExportBundle,
  verifyStampSignature,
} from '@turnkey/crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encodeBase58Check } from '../encoding/base58check.js';
import { base64UrlToBytes } from '../encoding/base64url.js';
import { bytesToHex, hexToBytes } from '../encoding/hex.js';
import { bytesToUtf8, utf8ToBytes } from '../encoding/utf8.js';
import { concatBytes } from '../internal/bytes.js';
import { importPrivateScalar } from '../keys/import-private-scalar.js';
import { generateDecryptionKeyPair } from '../keys/key-pair.js';
import { decryptExportBundle } from './decrypt-export-bundle.js';
import { decryptSessionKey } from './decrypt-session-key.js';
import { encryptOtpCode } from './encrypt-otp-code.js';
import { resolveEnvironment } from './environment.js';
import { hpkeOpen, hpkeSeal } from './hpke.js';
import { compressPublicKey } from './p256.js';
import { createStamp, decodeStamp, verifyStamp } from './stamp.js';

const runs = { numRuns: 12 };
const scalarArbitrary = fc.constant(null).map(() => bytesToHex(p256.utils.randomSecretKey()));
const payloadArbitrary = fc.string({ unit: 'grapheme', maxLength: 200 });

function signedBundle(
  data: Uint8Array,
  signerHex: string,
  extra: Record<string, string> = {},
): string {
  const signer = hexToBytes(signerHex);
  return JSON.stringify({
    version: 'v1.0.0',
    data: bytesToHex(data),
    dataSignature: bytesToHex(p256.sign(data, signer, { format: 'der' })),
    enclaveQuorumPublic: bytesToHex(p256.getPublicKey(signer, false)),
    ...extra,
  });
}

describe('cross-check with @turnkey/api-key-stamper and @turnkey/crypto', () => {
  it('given random keys and payloads, our stamp should verify with verifyStampSignature', async () => {
    await fc.assert(
      fc.asyncProperty(scalarArbitrary, payloadArbitrary, async (scalarHex, payload) => {
        const keyPair = await importPrivateScalar(hexToBytes(scalarHex), 'signing');
        const stamp = decodeStamp(await createStamp({ payload, keyPair }));
        expect(await verifyStampSignature(stamp.publicKey, stamp.signature, payload)).toBe(true);
      }),
      runs,
    );
  });

  it('given random keys and payloads, the purejs ApiKeyStamper stamp should verify here, with the same public key', async () => {
    await fc.assert(
      fc.asyncProperty(scalarArbitrary, payloadArbitrary, async (scalarHex, payload) => {
        const apiPublicKey = bytesToHex(p256.getPublicKey(hexToBytes(scalarHex), true));
        const stamper = new ApiKeyStamper({
          apiPublicKey,
          apiPrivateKey: scalarHex,
          runtimeOverride: 'purejs',
        });
        const { stampHeaderValue } = await stamper.stamp(payload);
        expect(await verifyStamp({ stamp: stampHeaderValue, payload })).toBe(true);
        const keyPair = await importPrivateScalar(hexToBytes(scalarHex), 'signing');
        const ours = await createStamp({ payload, keyPair });
        const theirs = JSON.parse(bytesToUtf8(base64UrlToBytes(stampHeaderValue))) as Record<
          string,
          string
        >;
        expect(decodeStamp(ours).publicKey).toBe(theirs.publicKey);
        expect(decodeStamp(ours).scheme).toBe(theirs.scheme);
      }),
      runs,
    );
  });

  it('given random targets and codes, encryptOtpCodeToBundle output should open here, and ours with hpkeDecrypt', async () => {
    await fc.assert(
      fc.asyncProperty(
        scalarArbitrary,
        scalarArbitrary,
        fc.stringMatching(/^[0-9]{6}$/),
        async (enclaveHex, targetHex, otpCode) => {
          const targetPublic = bytesToHex(p256.getPublicKey(hexToBytes(targetHex), false));
          const bundle = signedBundle(utf8ToBytes(JSON.stringify({ targetPublic })), enclaveHex);
          const enclavePublic = bytesToHex(p256.getPublicKey(hexToBytes(enclaveHex), false));
          const environment = resolveEnvironment({
            environment: 'sandbox',
            enclaveKeys: { otpSigner: enclavePublic },
          });

          const { encryptedOtpBundle, sessionKeyPair } = await encryptOtpCode({
            otpEncryptionTargetBundle: bundle,
            otpCode,
            environment,
          });
          const ours = JSON.parse(encryptedOtpBundle) as {
            encappedPublic: string;
            ciphertext: string;
          };
          const opened = hpkeDecrypt({
            ciphertextBuf: hexToBytes(ours.ciphertext),
            encappedKeyBuf: hexToBytes(ours.encappedPublic),
            receiverPriv: targetHex,
          });
          expect(bytesToUtf8(opened)).toBe(
            JSON.stringify({ otp_code: otpCode, public_key: sessionKeyPair.publicKeyHex }),
          );

          const theirs = JSON.parse(
            await encryptOtpCodeToBundle(
              otpCode,
              bundle,
              sessionKeyPair.publicKeyHex,
              enclavePublic,
            ),
          ) as { encappedPublic: string; ciphertext: string };
          const target = await importPrivateScalar(hexToBytes(targetHex), 'decryption');
          const plaintext = await hpkeOpen({
            recipientKeyPair: target,
            encappedPublicKey: theirs.encappedPublic,
            ciphertext: hexToBytes(theirs.ciphertext),
          });
          expect(bytesToUtf8(plaintext)).toBe(bytesToUtf8(opened));
        },
      ),
      runs,
    );
  });

  it('given random session keys, their sealed credential bundle should open here, and ours with decryptCredentialBundle', async () => {
    await fc.assert(
      fc.asyncProperty(scalarArbitrary, scalarArbitrary, async (clientHex, sessionHex) => {
        const client = await importPrivateScalar(hexToBytes(clientHex), 'decryption');
        const sessionPublic = bytesToHex(p256.getPublicKey(hexToBytes(sessionHex), false));

        const theirs = await encodeBase58Check(
          hpkeEncrypt({
            plainTextBuf: hexToBytes(sessionHex),
            targetKeyBuf: hexToBytes(client.publicKeyHex),
          }),
        );
        const sessionKey = await decryptSessionKey({
          encryptedSessionSigningKey: theirs,
          clientKeyPair: client,
        });
        expect(sessionKey.publicKeyHex).toBe(sessionPublic);

        const sealed = await hpkeSeal({
          recipientPublicKey: client.publicKeyHex,
          plaintext: hexToBytes(sessionHex),
        });
        const ours = await encodeBase58Check(
          concatBytes(hexToBytes(compressPublicKey(sealed.encappedPublicKey)), sealed.ciphertext),
        );
        expect(decryptCredentialBundle(ours, clientHex)).toBe(sessionHex);
      }),
      runs,
    );
  });

  it('given random mnemonics, export bundles should open on both sides', async () => {
    const words = fc.array(fc.constantFrom('abandon', 'leaf', 'lady', 'zoo', 'about', 'unknown'), {
      minLength: 12,
      maxLength: 24,
    });
    await fc.assert(
      fc.asyncProperty(
        scalarArbitrary,
        scalarArbitrary,
        words,
        async (signerHex, recipientHex, mnemonicWords) => {
          const mnemonic = mnemonicWords.join(' ');
          const organizationId = 'org-cross-check';
          const recipient = await importPrivateScalar(hexToBytes(recipientHex), 'decryption');
          const signerPublic = bytesToHex(p256.getPublicKey(hexToBytes(signerHex), false));
          const environment = resolveEnvironment({
            environment: 'sandbox',
            enclaveKeys: { exportSigner: signerPublic },
          });

          // Sealed by Turnkey's hpkeEncrypt, opened here.
          const theirPair = JSON.parse(
            formatHpkeBuf(
              hpkeEncrypt({
                plainTextBuf: utf8ToBytes(mnemonic),
                targetKeyBuf: hexToBytes(recipient.publicKeyHex),
              }),
            ),
          ) as Record<string, string>;
          const theirBundle = signedBundle(
            utf8ToBytes(JSON.stringify({ ...theirPair, organizationId })),
            signerHex,
          );
          expect(
            await decryptExportBundle({
              encryptedWalletCredentials: theirBundle,
              keyPair: recipient,
              environment,
            }),
          ).toBe(mnemonic);

          // Sealed here, opened by Turnkey's decryptExportBundle.
          const sealed = await hpkeSeal({
            recipientPublicKey: recipient.publicKeyHex,
            plaintext: utf8ToBytes(mnemonic),
          });
          const data = {
            encappedPublic: bytesToHex(sealed.encappedPublicKey),
            ciphertext: bytesToHex(sealed.ciphertext),
            organizationId,
          };
          const ourBundle = signedBundle(utf8ToBytes(JSON.stringify(data)), signerHex);
          const opened = await turnkeyDecryptExportBundle({
            exportBundle: ourBundle,
            embeddedKey: recipientHex,
            organizationId,
            dangerouslyOverrideSignerPublicKey: signerPublic,
            returnMnemonic: true,
          });
          expect(opened).toBe(mnemonic);
        },
      ),
      runs,
    );
  });

  it('given a sealed key for another client, both sides should refuse it', async () => {
    const client = await generateDecryptionKeyPair();
    const other = await generateDecryptionKeyPair();
    const sealed = await encodeBase58Check(
      hpkeEncrypt({
        plainTextBuf: p256.utils.randomSecretKey(),
        targetKeyBuf: hexToBytes(other.publicKeyHex),
      }),
    );
    await expect(
      decryptSessionKey({ encryptedSessionSigningKey: sealed, clientKeyPair: client }),
    ).rejects.toMatchObject({
      code: 'DECRYPT_FAILED',
    });
  });
});
