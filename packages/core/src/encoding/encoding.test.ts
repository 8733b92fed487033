import { interopVectors as vectors } from '@wallet-auth/test-utils';
import { describe, expect, it } from 'vitest';
import { decodeBase58Check, encodeBase58Check } from './base58check.js';
import { base64UrlToBytes, bytesToBase64Url } from './base64url.js';
import { bytesToHex, hexToBytes, isHex } from './hex.js';
import { bytesToUtf8, utf8ToBytes } from './utf8.js';

describe('hex', () => {
  it('given bytes, should encode lowercase and decode either case', () => {
    const bytes = new Uint8Array([0, 1, 0xab, 0xff]);
    expect(bytesToHex(bytes)).toBe('0001abff');
    expect(hexToBytes('0001ABff')).toEqual(bytes);
    expect(hexToBytes('')).toEqual(new Uint8Array());
  });

  it('given odd length or a non-hex character, should throw ENCODING_INVALID', () => {
    for (const bad of ['0', 'abc', 'zz', '0x00', ' 00']) {
      expect(isHex(bad)).toBe(false);
      expect(() => hexToBytes(bad)).toThrowError(
        expect.objectContaining({ code: 'ENCODING_INVALID' }),
      );
    }
  });
});

describe('base64url', () => {
  it('given bytes, should encode unpadded and decode with or without padding', () => {
    const bytes = new Uint8Array([0xfb, 0xff, 0xfe, 0x01]);
    expect(bytesToBase64Url(bytes)).toBe('-__-AQ');
    expect(base64UrlToBytes('-__-AQ')).toEqual(bytes);
    expect(base64UrlToBytes('-__-AQ==')).toEqual(bytes);
  });

  it('given the standard alphabet, a bad length or garbage, should throw ENCODING_INVALID', () => {
    for (const bad of ['+//+AQ', 'A', 'ab$c', '=abc']) {
      expect(() => base64UrlToBytes(bad)).toThrowError(
        expect.objectContaining({ code: 'ENCODING_INVALID' }),
      );
    }
  });

  it('given the passkey vector, should encode the 64 ASCII challenge bytes as in clientDataJSON', () => {
    const { webauthnChallengeBytesHex, expectedClientDataChallenge } =
      vectors.vectors.passkeyChallenge;
    expect(bytesToBase64Url(hexToBytes(webauthnChallengeBytesHex))).toBe(
      expectedClientDataChallenge,
    );
  });
});

describe('base58check', () => {
  const { encryptedSessionSigningKey, decodedPayloadHex } = vectors.vectors.credentialBundle;

  it('given the credential-bundle vector, should decode to its 81-byte payload and encode back', async () => {
    const payload = await decodeBase58Check(encryptedSessionSigningKey);
    expect(bytesToHex(payload)).toBe(decodedPayloadHex);
    expect(await encodeBase58Check(payload)).toBe(encryptedSessionSigningKey);
  });

  it('given leading zero bytes, should map them to leading 1s both ways', async () => {
    const payload = new Uint8Array([0, 0, 7, 8]);
    const text = await encodeBase58Check(payload);
    expect(text.startsWith('11')).toBe(true);
    expect(await decodeBase58Check(text)).toEqual(payload);
  });

  it('given a changed character, a foreign character or a too-short value, should throw ENCODING_INVALID', async () => {
    const last = encryptedSessionSigningKey.at(-1) === '2' ? '3' : '2';
    for (const bad of [
      encryptedSessionSigningKey.slice(0, -1) + last,
      `${encryptedSessionSigningKey}0`,
      'abc',
      '',
    ]) {
      await expect(decodeBase58Check(bad)).rejects.toMatchObject({ code: 'ENCODING_INVALID' });
    }
  });
});

describe('utf8', () => {
  it('given unicode, U+2028 and CRLF, should round-trip exactly', () => {
    const text = 'é\u2028\r\n😀 ';
    expect(bytesToUtf8(utf8ToBytes(text))).toBe(text);
  });

  it('given an invalid sequence, should throw ENCODING_INVALID, and decode the next text whole', () => {
    for (const invalid of [
      [0xc3, 0x28],
      [0xe2, 0x82],
    ]) {
      expect(() => bytesToUtf8(new Uint8Array(invalid))).toThrowError(
        expect.objectContaining({ code: 'ENCODING_INVALID' }),
      );
      // A truncated sequence must not carry into the next call (one shared decoder).
      expect(bytesToUtf8(utf8ToBytes('\u20ac ok'))).toBe('\u20ac ok');
    }
  });
});
