import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { interopVectors as vectors } from '@wallet-auth/test-utils';
import { describe, expect, it } from 'vitest';
import { bytesToHex, hexToBytes } from '../encoding/hex.js';
import { bytesToUtf8, utf8ToBytes } from '../encoding/utf8.js';
import { concatBytes } from '../internal/bytes.js';
import { importPrivateScalar } from '../keys/import-private-scalar.js';
import {
  type DecryptionKeyPair,
  generateDecryptionKeyPair,
  generateSigningKeyPair,
} from '../keys/key-pair.js';
import { sealOtpPlaintext } from './encrypt-otp-code.js';
import { HPKE_INFO, hpkeOpen, hpkeSeal } from './hpke.js';

const otp = vectors.vectors.encryptedOtpBundle;
const constants = vectors.constants.hpke;

function labeledExtract(label: string, ikm: Uint8Array): Uint8Array {
  const suiteId = hexToBytes('48504b45001000010002');
  return hmac(
    sha256,
    new Uint8Array(),
    concatBytes(utf8ToBytes('HPKE-v1'), suiteId, utf8ToBytes(label), ikm),
  );
}

describe('HPKE suite (docs/protocol.md §3)', () => {
  it('given the suite and info, should match the documented key-schedule check values and Turnkey LabeledExpand infos', () => {
    expect(bytesToHex(utf8ToBytes(HPKE_INFO))).toBe(constants.infoHex);
    const pskIdHash = labeledExtract('psk_id_hash', new Uint8Array());
    const infoHash = labeledExtract('info_hash', utf8ToBytes(HPKE_INFO));
    expect(bytesToHex(pskIdHash)).toBe(
      '8fc3aeb832490a4b5ab3e42023287db29a1f4bc7c222c0df228727b70a402112',
    );
    expect(bytesToHex(infoHash)).toBe(
      '2f3f04e9206cd12413503529b47ac6a630b92ec4cf7d234508d0af9771c99e50',
    );
    const context = concatBytes(new Uint8Array([0]), pskIdHash, infoHash);
    const suiteId = hexToBytes('48504b45001000010002');
    const expandInfo = (length: number, label: string) =>
      bytesToHex(
        concatBytes(
          new Uint8Array([0, length]),
          utf8ToBytes('HPKE-v1'),
          suiteId,
          utf8ToBytes(label),
          context,
        ),
      );
    expect(expandInfo(32, 'key')).toBe(constants.tkAesKeyInfoHex);
    expect(expandInfo(12, 'base_nonce')).toBe(constants.tkIvInfoHex);
  });

  it('given the fixed ephemeral key, should reproduce the deterministic encryptedOtpBundle exactly, with AAD = enc ‖ pkR', async () => {
    const ephemeral = await importPrivateScalar(
      hexToBytes(otp.ephemeralPrivateKeyHex),
      'decryption',
    );
    const bundle = await sealOtpPlaintext({
      targetPublicKey: otp.recipient.publicKeyUncompressedHex,
      otpCode: '000000',
      publicKeyHex: vectors.keys.sessionKey.publicKeyUncompressedHex,
      ephemeralKeyPair: ephemeral,
    });
    expect(bundle).toBe(otp.deterministic.encryptedOtpBundle);
    const { encappedPublic, ciphertext } = JSON.parse(bundle) as {
      encappedPublic: string;
      ciphertext: string;
    };
    expect(`${encappedPublic}${otp.recipient.publicKeyUncompressedHex}`).toBe(otp.aadHex);
    expect(ciphertext.length / 2).toBe(otp.ciphertextLengthBytes);
  });

  it('given the deterministic and random vector bundles, should open both with the recipient key', async () => {
    const recipient = await importPrivateScalar(
      hexToBytes(otp.recipient.privateKeyHex),
      'decryption',
    );
    for (const sample of [otp.deterministic, otp.randomSample]) {
      const { encappedPublic, ciphertext } = JSON.parse(sample.encryptedOtpBundle) as Record<
        string,
        string
      >;
      const plaintext = await hpkeOpen({
        recipientKeyPair: recipient,
        encappedPublicKey: encappedPublic!,
        ciphertext: hexToBytes(ciphertext!),
      });
      expect(bytesToUtf8(plaintext)).toBe(otp.plaintext);
    }
  });

  it('HPKE-13: given a flipped bit in enc or ciphertext, or another recipient, should fail with an opaque DECRYPT_FAILED', async () => {
    const recipient = await generateDecryptionKeyPair();
    const sealed = await hpkeSeal({
      recipientPublicKey: recipient.publicKeyHex,
      plaintext: utf8ToBytes('secret'),
    });
    for (let bit = 0; bit < sealed.ciphertext.length * 8; bit += 5) {
      const ciphertext = sealed.ciphertext.slice();
      ciphertext[bit >> 3] = (ciphertext[bit >> 3] as number) ^ (1 << (bit & 7));
      const error = await hpkeOpen({
        recipientKeyPair: recipient,
        encappedPublicKey: sealed.encappedPublicKey,
        ciphertext,
      }).catch((e) => e);
      expect(error).toMatchObject({
        code: 'DECRYPT_FAILED',
        message: 'The bundle could not be decrypted',
      });
    }
    const other = await generateDecryptionKeyPair();
    await expect(
      hpkeOpen({
        recipientKeyPair: other,
        encappedPublicKey: sealed.encappedPublicKey,
        ciphertext: sealed.ciphertext,
      }),
    ).rejects.toMatchObject({ code: 'DECRYPT_FAILED' });
    const enc = sealed.encappedPublicKey.slice();
    enc[64] = (enc[64] as number) ^ 1;
    await expect(
      hpkeOpen({
        recipientKeyPair: recipient,
        encappedPublicKey: enc,
        ciphertext: sealed.ciphertext,
      }),
    ).rejects.toMatchObject({ code: 'PUBLIC_KEY_INVALID' });
  });

  it('given a compressed enc, should decompress it before use (docs/protocol.md §3)', async () => {
    const recipient = await generateDecryptionKeyPair();
    const sealed = await hpkeSeal({
      recipientPublicKey: recipient.compressedPublicKeyHex,
      plaintext: utf8ToBytes('x'),
    });
    expect(sealed.encappedPublicKey).toHaveLength(65);
    const compressedEnc = new Uint8Array(33);
    compressedEnc[0] = 2 + ((sealed.encappedPublicKey[64] as number) & 1);
    compressedEnc.set(sealed.encappedPublicKey.subarray(1, 33), 1);
    const plaintext = await hpkeOpen({
      recipientKeyPair: recipient,
      encappedPublicKey: compressedEnc,
      ciphertext: sealed.ciphertext,
    });
    expect(bytesToUtf8(plaintext)).toBe('x');
  });

  it('KEY-18: given an ECDSA key pair as recipient, should refuse with KEY_USAGE_INVALID', async () => {
    const signing = await generateSigningKeyPair();
    const sealed = await hpkeSeal({
      recipientPublicKey: signing.publicKeyHex,
      plaintext: utf8ToBytes('x'),
    });
    await expect(
      hpkeOpen({
        recipientKeyPair: signing as unknown as DecryptionKeyPair,
        encappedPublicKey: sealed.encappedPublicKey,
        ciphertext: sealed.ciphertext,
      }),
    ).rejects.toMatchObject({ code: 'KEY_USAGE_INVALID' });
  });

  it('HPKE-05: given a recipient that is not a point, should refuse before encrypting', async () => {
    await expect(
      hpkeSeal({ recipientPublicKey: `04${'00'.repeat(64)}`, plaintext: new Uint8Array(1) }),
    ).rejects.toMatchObject({
      code: 'PUBLIC_KEY_INVALID',
    });
  });
});
