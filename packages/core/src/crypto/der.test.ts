import { generateKeyPairSync, sign, verify } from 'node:crypto';
import { interopVectors as vectors } from '@wallet-auth/test-utils';
import { describe, expect, it } from 'vitest';
import { bytesToHex, hexToBytes } from '../encoding/hex.js';
import {
  normalizeLowS,
  p1363ToLowSDerHex,
  parseDerSignature,
  signatureFromP1363,
  signatureToDerHex,
  signatureToP1363,
} from './der.js';
import { P256_ORDER } from './p256.js';

const { signatureDerHex, signatureRawRSHex } = vectors.vectors.stamp.deterministic;

describe('DER signatures', () => {
  it('given the stamp vector, should convert DER to raw r‖s and back', () => {
    const parsed = parseDerSignature(signatureDerHex);
    expect(parsed).toBeDefined();
    expect(bytesToHex(signatureToP1363(parsed!))).toBe(signatureRawRSHex);
    expect(signatureToDerHex(signatureFromP1363(hexToBytes(signatureRawRSHex)))).toBe(
      signatureDerHex,
    );
  });

  it('KEY-12: given 10k P1363 signatures, should produce DER that node:crypto verifies, covering padding and stripping', () => {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
    let padded = 0;
    let stripped = 0;
    let highS = 0;
    for (let index = 0; index < 10_000; index++) {
      const message = Buffer.from(`message ${index}`);
      const raw = sign('sha256', message, { key: privateKey, dsaEncoding: 'ieee-p1363' });
      const original = signatureFromP1363(raw);
      const der = p1363ToLowSDerHex(raw);
      expect(
        verify('sha256', message, { key: publicKey, dsaEncoding: 'der' }, Buffer.from(der, 'hex')),
      ).toBe(true);
      const parsed = parseDerSignature(der);
      expect(parsed?.s).toBeLessThanOrEqual(P256_ORDER >> 1n);
      if ((raw[0] as number) >= 0x80) padded++;
      if (raw[0] === 0) stripped++;
      if (original.s > P256_ORDER >> 1n) highS++;
    }
    expect(padded).toBeGreaterThan(0);
    expect(stripped).toBeGreaterThan(0);
    expect(highS).toBeGreaterThan(0);
  }, 30_000);

  it('KEY-13: given a high-S signature, should normalise to n − s and leave low-S alone', () => {
    const low = parseDerSignature(signatureDerHex)!;
    const high = { r: low.r, s: P256_ORDER - low.s };
    expect(normalizeLowS(high)).toEqual(low);
    expect(normalizeLowS(low)).toBe(low);
  });

  it('HPKE-06: given each non-strict DER form, should return undefined, never throw', () => {
    const r = '015ddda505602eae5f1dbdf0292c7cc51716181b071151f4ce203a986fb47799';
    const s = '57783230aa2d2ae3fefa390372306a25777adac2ae0fc5b316add0bbfc0c6452';
    const n = P256_ORDER.toString(16);
    const seq = (body: string) => `30${(body.length / 2).toString(16).padStart(2, '0')}${body}`;
    const int = (hex: string) => `02${(hex.length / 2).toString(16).padStart(2, '0')}${hex}`;
    const cases: Record<string, string> = {
      empty: '',
      notHex: 'zz',
      wrongOuterTag: `31${seq(int(r) + int(s)).slice(2)}`,
      wrongIntegerTag: seq(`03${int(r).slice(2)}${int(s)}`),
      trailingByte: `${seq(int(r) + int(s))}00`,
      trailingInsideSequence: seq(`${int(r)}${int(s)}00`),
      truncated: seq(int(r) + int(s)).slice(0, -2),
      lengthTooLong: `3045${int(r)}${int(s)}`,
      nonMinimalLongLength: `3081${seq(int(r) + int(s)).slice(2)}`,
      indefiniteLength: `3080${int(r)}${int(s)}0000`,
      negativeR: seq(int(`80${r.slice(2)}`) + int(s)),
      unnecessaryLeadingZero: seq(int(`00${s}`) + int(r)),
      rZero: seq(int('00') + int(s)),
      sZero: seq(int(r) + int('00')),
      rEqualsN: seq(int(`00${n}`) + int(s)),
      sAboveN: seq(int(r) + int(`00${'ff'.repeat(32)}`)),
      integerTooLong: seq(int(`01${'00'.repeat(33)}`) + int(s)),
      oneInteger: seq(int(r)),
    };
    expect(parseDerSignature(seq(int(r) + int(s)))).toBeDefined();
    for (const [name, der] of Object.entries(cases)) {
      expect(parseDerSignature(der), name).toBeUndefined();
    }
  });
});
