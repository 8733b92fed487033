import { describe, expect, it } from 'vitest';
import { encodeDerSignature } from './der.js';
import { toBase64url, toHex, utf8 } from './encoding.js';
import { keyPairFromHex, P256_ORDER, signMessage, uncompressedHex } from './p256.js';
import { parseStamp, STAMP_SCHEME, verifyStamp, verifyStampWebCrypto } from './stamp.js';

const key = keyPairFromHex('c9afa9d845ba75166b5c215767b1d6934e50c3db36e89b127b8a622b120f6721');

function stampOf(payload: string, options: { highS: boolean }): string {
  const { r, s } = signMessage(utf8(payload), key.privateKey);
  const signature = encodeDerSignature({ r, s: options.highS ? P256_ORDER - s : s });
  return toBase64url(
    utf8(
      JSON.stringify({
        publicKey: uncompressedHex(key.publicKey),
        scheme: STAMP_SCHEME,
        signature: toHex(signature),
      }),
    ),
  );
}

describe('verifyStampWebCrypto', () => {
  it.each([false, true])(
    'given a stamp (highS %s), should agree with verifyStamp',
    async (highS) => {
      const payload = '{"activity":"verify ✓"}';
      const parsed = parseStamp(stampOf(payload, { highS }))!;
      expect(verifyStamp(parsed, payload)).toBe(true);
      expect(await verifyStampWebCrypto(parsed, payload)).toBe(true);
      expect(await verifyStampWebCrypto(parsed, `${payload} `)).toBe(false);
    },
  );

  it('given a signature from another key, should refuse it', async () => {
    const other = keyPairFromHex('0f'.repeat(32));
    const parsed = parseStamp(stampOf('payload', { highS: false }))!;
    expect(await verifyStampWebCrypto({ ...parsed, publicKey: other.publicKey }, 'payload')).toBe(
      false,
    );
  });
});
