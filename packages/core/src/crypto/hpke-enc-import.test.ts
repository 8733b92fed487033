import { p256 } from '@noble/curves/nist.js';
import { afterEach, describe, expect, it } from 'vitest';
import { utf8ToBytes } from '../encoding/utf8.js';
import { generateDecryptionKeyPair } from '../keys/key-pair.js';
import { hpkeOpen, hpkeSeal } from './hpke.js';

// Its own file: the engine that refuses compressed points is remembered for the module's life.

const subtle = crypto.subtle;
const importKey = subtle.importKey.bind(subtle);
let compressedImports = 0;

/** Counts raw imports of 33-byte points; `refuse` makes them fail as an engine without pub33 does. */
function watchImports(refuse: boolean): void {
  subtle.importKey = ((...args: Parameters<SubtleCrypto['importKey']>) => {
    const [format, data] = args;
    if (format === 'raw' && (data as ArrayBuffer).byteLength === 33) {
      compressedImports++;
      if (refuse) {
        return Promise.reject(new DOMException('compressed points unsupported', 'DataError'));
      }
    }
    return importKey(...args);
  }) as SubtleCrypto['importKey'];
}

afterEach(() => {
  subtle.importKey = importKey;
  compressedImports = 0;
});

async function sealedWithCompressedEnc(text: string) {
  const recipient = await generateDecryptionKeyPair();
  const sealed = await hpkeSeal({
    recipientPublicKey: recipient.publicKeyHex,
    plaintext: utf8ToBytes(text),
  });
  const enc = new Uint8Array(33);
  enc[0] = 2 + ((sealed.encappedPublicKey[64] as number) & 1);
  enc.set(sealed.encappedPublicKey.subarray(1, 33), 1);
  return { recipient, enc, ciphertext: sealed.ciphertext };
}

function open(
  input: Awaited<ReturnType<typeof sealedWithCompressedEnc>>,
  enc: string | Uint8Array = input.enc,
) {
  return hpkeOpen({
    recipientKeyPair: input.recipient,
    encappedPublicKey: enc,
    ciphertext: input.ciphertext,
  });
}

/** `02 ‖ x` for the first small x with no curve point (x³ − 3x + b not a square mod p). */
function offCurveEnc(): Uint8Array {
  for (let x = 0; ; x++) {
    const enc = new Uint8Array(33);
    enc[0] = 0x02;
    enc[32] = x;
    try {
      p256.Point.fromBytes(enc);
    } catch {
      return enc;
    }
  }
}

describe('hpkeOpen of a compressed enc', () => {
  it('given WebCrypto that imports pub33, should let it decompress the point, hex or bytes', async () => {
    watchImports(false);
    const sealed = await sealedWithCompressedEnc('hello');
    expect(new TextDecoder().decode(await open(sealed))).toBe('hello');
    const hex = Array.from(sealed.enc, (byte) => byte.toString(16).padStart(2, '0')).join('');
    expect(new TextDecoder().decode(await open(sealed, hex))).toBe('hello');
    expect(compressedImports).toBe(2);
  });

  it('given an x that is not on the curve, should refuse it as PUBLIC_KEY_INVALID and keep importing pub33 natively', async () => {
    watchImports(false);
    const sealed = await sealedWithCompressedEnc('hello');
    await expect(open(sealed, offCurveEnc())).rejects.toMatchObject({ code: 'PUBLIC_KEY_INVALID' });
    compressedImports = 0;
    expect(new TextDecoder().decode(await open(sealed))).toBe('hello');
    expect(compressedImports).toBe(1);
  });

  it('given WebCrypto that refuses pub33, should decompress in JavaScript and stop asking', async () => {
    watchImports(true);
    const first = await sealedWithCompressedEnc('one');
    expect(new TextDecoder().decode(await open(first))).toBe('one');
    expect(compressedImports).toBe(1);
    const second = await sealedWithCompressedEnc('two');
    expect(new TextDecoder().decode(await open(second))).toBe('two');
    await expect(open(second, offCurveEnc())).rejects.toMatchObject({ code: 'PUBLIC_KEY_INVALID' });
    expect(compressedImports).toBe(1);
  });
});
