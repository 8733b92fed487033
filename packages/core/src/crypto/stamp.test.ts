import { p256 } from '@noble/curves/nist.js';
import { interopVectors as vectors } from '@wallet-auth/test-utils';
import { describe, expect, it } from 'vitest';
import { base64UrlToBytes, bytesToBase64Url } from '../encoding/base64url.js';
import { bytesToHex, hexToBytes } from '../encoding/hex.js';
import { bytesToUtf8, utf8ToBytes } from '../encoding/utf8.js';
import { importPrivateScalar } from '../keys/import-private-scalar.js';
import {
  generateDecryptionKeyPair,
  generateSigningKeyPair,
  type SigningKeyPair,
} from '../keys/key-pair.js';
import { parseDerSignature, signatureToDerHex } from './der.js';
import { P256_ORDER } from './p256.js';
import { createStamp, decodeStamp, encodeStamp, STAMP_SCHEME, verifyStamp } from './stamp.js';

const stampVector = vectors.vectors.stamp;

function stampOf(json: unknown): string {
  return bytesToBase64Url(utf8ToBytes(typeof json === 'string' ? json : JSON.stringify(json)));
}

describe('stamps', () => {
  it('given the deterministic vector, should reproduce its header value from a noble RFC 6979 signature', () => {
    const der = bytesToHex(
      p256.sign(
        utf8ToBytes(stampVector.payloadToSign),
        hexToBytes(stampVector.signerPrivateKeyHex),
        { format: 'der' },
      ),
    );
    expect(der).toBe(stampVector.deterministic.signatureDerHex);
    const header = encodeStamp({
      publicKey: vectors.keys.sessionKey.publicKeyUncompressedHex,
      signature: der,
    });
    expect(header).toBe(stampVector.deterministic.headerValue);
    expect(bytesToUtf8(base64UrlToBytes(header))).toBe(stampVector.deterministic.decodedJson);
  });

  it('given the vector and the node sample, should verify both, and refuse the trailing-space payload', async () => {
    const { payloadToSign, deterministic, nodeRuntimeSample, negative } = stampVector;
    expect(await verifyStamp({ stamp: deterministic.headerValue, payload: payloadToSign })).toBe(
      true,
    );
    expect(
      await verifyStamp({ stamp: nodeRuntimeSample.headerValue, payload: payloadToSign }),
    ).toBe(true);
    expect(
      await verifyStamp({
        stamp: deterministic.headerValue,
        payload: negative.sameStampPayloadWithTrailingSpace,
      }),
    ).toBe(negative.verifyResult);
  });

  it('KEY-13: given a high-S signature, the verify helper should accept it', async () => {
    const low = parseDerSignature(stampVector.deterministic.signatureDerHex)!;
    const highS = signatureToDerHex({ r: low.r, s: P256_ORDER - low.s });
    const stamp = encodeStamp({
      publicKey: stampVector.signerPublicKeyCompressedHex,
      signature: highS,
    });
    expect(await verifyStamp({ stamp, payload: stampVector.payloadToSign })).toBe(true);
  });

  it('KEY-13: given 200 WebCrypto signatures, should always emit low-S DER with the compressed key', async () => {
    const keyPair = await importPrivateScalar(
      hexToBytes(stampVector.signerPrivateKeyHex),
      'signing',
    );
    for (let index = 0; index < 200; index++) {
      const payload = `${stampVector.payloadToSign}#${index}`;
      const stamp = await createStamp({ payload, keyPair });
      const decoded = decodeStamp(stamp);
      expect(decoded.publicKey).toBe(stampVector.signerPublicKeyCompressedHex);
      expect(decoded.scheme).toBe(STAMP_SCHEME);
      expect(decoded.parsedSignature.s <= P256_ORDER >> 1n).toBe(true);
      expect(Object.keys(JSON.parse(bytesToUtf8(base64UrlToBytes(stamp))))).toEqual([
        'publicKey',
        'scheme',
        'signature',
      ]);
      expect(
        p256.verify(
          hexToBytes(decoded.signature),
          utf8ToBytes(payload),
          hexToBytes(decoded.publicKey),
          { format: 'der' },
        ),
      ).toBe(true);
    }
  });

  it('KEY-14: given unusual payloads, should sign the exact bytes, so a re-serialised copy fails', async () => {
    const keyPair = await generateSigningKeyPair();
    const payloads = [
      '{"a":"é😀","b":"\\/path\\/x","c":"\u2028"} ',
      '{"type":"ACTIVITY_TYPE_X",\r\n "n": 1.0}',
      '{"x":"\\u00e9"}',
    ];
    for (const payload of payloads) {
      const stamp = await createStamp({ payload, keyPair });
      expect(await verifyStamp({ stamp, payload })).toBe(true);
      const reserialised = JSON.stringify(JSON.parse(payload));
      expect(reserialised).not.toBe(payload);
      expect(await verifyStamp({ stamp, payload: reserialised })).toBe(false);
    }
  });

  it('given one flipped bit anywhere in the signature or the payload, should never verify', async () => {
    const { payloadToSign, deterministic } = stampVector;
    const der = hexToBytes(deterministic.signatureDerHex);
    for (let bit = 0; bit < der.length * 8; bit++) {
      const tampered = der.slice();
      tampered[bit >> 3] = (tampered[bit >> 3] as number) ^ (1 << (bit & 7));
      const stamp = encodeStamp({
        publicKey: stampVector.signerPublicKeyCompressedHex,
        signature: bytesToHex(tampered),
      });
      const outcome = await verifyStamp({ stamp, payload: payloadToSign }).catch(
        (error: { code: string }) => error.code,
      );
      expect([false, 'WALLET_SIGNATURE_MALFORMED']).toContain(outcome);
    }
    const payload = utf8ToBytes(payloadToSign);
    for (let index = 0; index < payload.length; index += 7) {
      const tampered = payload.slice();
      tampered[index] = (tampered[index] as number) ^ 1;
      expect(
        await verifyStamp({
          stamp: deterministic.headerValue,
          payload: new TextDecoder().decode(tampered),
        }),
      ).toBe(false);
    }
  });

  it('given a copy of a key pair whose pub33 is wrong, should stamp with the key its pub65 names', async () => {
    const keyPair = await generateSigningKeyPair();
    const other = await generateSigningKeyPair();
    const copy: SigningKeyPair = {
      ...keyPair,
      compressedPublicKeyHex: other.compressedPublicKeyHex,
    };
    for (const signer of [keyPair, copy]) {
      const stamp = await createStamp({ payload: 'p', keyPair: signer });
      expect(decodeStamp(stamp).publicKey).toBe(keyPair.compressedPublicKeyHex);
      expect(await verifyStamp({ stamp, payload: 'p' })).toBe(true);
    }
  });

  it('given a stamp by another key, should not verify', async () => {
    const keyPair = await generateSigningKeyPair();
    const other = await generateSigningKeyPair();
    const decoded = decodeStamp(await createStamp({ payload: 'p', keyPair }));
    const forged = encodeStamp({ publicKey: other.publicKeyHex, signature: decoded.signature });
    expect(await verifyStamp({ stamp: forged, payload: 'p' })).toBe(false);
  });

  it('given malformed stamps, should throw WALLET_SIGNATURE_MALFORMED; pub65 and extra members are tolerated', async () => {
    const { signerPublicKeyCompressedHex: publicKey, deterministic } = stampVector;
    const signature = deterministic.signatureDerHex;
    const malformed = [
      '***',
      stampOf('not json'),
      stampOf([publicKey, STAMP_SCHEME, signature]),
      stampOf({ publicKey, scheme: STAMP_SCHEME }),
      stampOf({ publicKey, scheme: STAMP_SCHEME, signature: 42 }),
      stampOf({ publicKey, scheme: 'SIGNATURE_SCHEME_TK_API_ED25519', signature }),
      stampOf({
        publicKey: `${publicKey.slice(0, -1)}0`.replace(/^03/, '05'),
        scheme: STAMP_SCHEME,
        signature,
      }),
      stampOf({ publicKey, scheme: STAMP_SCHEME, signature: deterministic.signatureRawRSHex }),
      stampOf({ publicKey, scheme: STAMP_SCHEME, signature: `${signature}00` }),
    ];
    for (const stamp of malformed) {
      expect(() => decodeStamp(stamp)).toThrowError(
        expect.objectContaining({ code: 'WALLET_SIGNATURE_MALFORMED' }),
      );
      await expect(
        verifyStamp({ stamp, payload: stampVector.payloadToSign }),
      ).rejects.toMatchObject({
        code: 'WALLET_SIGNATURE_MALFORMED',
      });
    }
    const tolerated = stampOf({
      publicKey: vectors.keys.sessionKey.publicKeyUncompressedHex,
      scheme: STAMP_SCHEME,
      signature,
      extra: true,
    });
    expect(await verifyStamp({ stamp: tolerated, payload: stampVector.payloadToSign })).toBe(true);
  });

  it('KEY-18: given an ECDH key pair, should refuse to sign with KEY_USAGE_INVALID', async () => {
    const decryptionKeyPair = await generateDecryptionKeyPair();
    await expect(
      createStamp({ payload: 'p', keyPair: decryptionKeyPair as unknown as SigningKeyPair }),
    ).rejects.toMatchObject({ code: 'KEY_USAGE_INVALID' });
  });
});
