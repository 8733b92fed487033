import { createTestKey, stamp } from '@wallet-auth/test-utils';
import { describe, expect, it } from 'vitest';
import { isDerSignatureHex, isStampShaped } from './stamp-shape.js';

const key = createTestKey('03'.repeat(32));
const encode = (value: unknown) =>
  btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const DER = `3044022001${'00'.repeat(31)}022001${'00'.repeat(31)}`;

describe('stamp shape', () => {
  it('BFF-34: should accept stamps by compressed or uncompressed keys, low-S or high-S', () => {
    expect(isStampShaped(stamp('payload', key))).toBe(true);
    expect(isStampShaped(stamp('payload', key, { uncompressed: true }))).toBe(true);
    expect(isStampShaped(stamp('payload', key, { highS: true }))).toBe(true);
    expect(isDerSignatureHex(DER)).toBe(true);
  });

  it('BFF-34: should refuse anything that is not a stamp: magic constants, other schemes, extra or missing members, bad keys, non-minimal or trailing DER', () => {
    const good = {
      publicKey: key.compressedPublicKey,
      scheme: 'SIGNATURE_SCHEME_TK_API_P256',
      signature: DER,
    };
    for (const value of [
      'sandbox-valid-signature',
      '',
      encode({ ...good, scheme: 'SIGNATURE_SCHEME_TK_API_ED25519' }),
      encode({ ...good, extra: 1 }),
      encode({ publicKey: good.publicKey, scheme: good.scheme }),
      encode({ ...good, publicKey: `05${key.compressedPublicKey.slice(2)}` }),
      encode({ ...good, publicKey: key.compressedPublicKey.slice(0, 64) }),
      encode({ ...good, signature: `${DER}00` }),
      encode({ ...good, signature: `3045022100${'01'.repeat(32)}022001${'00'.repeat(31)}` }),
      encode({ ...good, signature: '3006020100020101' }),
      encode({ ...good, signature: '30060201ff020101' }),
      encode([good]),
      `${encode(good)}==`,
      encode(good).replace(/[A-Za-z]$/, '+'),
      'A'.repeat(2000),
    ]) {
      expect(isStampShaped(value)).toBe(false);
    }
    expect(isStampShaped(encode(good))).toBe(true);
  });
});
