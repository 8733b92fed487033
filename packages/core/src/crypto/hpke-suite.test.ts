import { Aes256Gcm, CipherSuite, DhkemP256HkdfSha256, HkdfSha256 } from '@hpke/core';
import { describe, expect, it } from 'vitest';
import { utf8ToBytes } from '../encoding/utf8.js';
import { createHpkeSuite, hpkeSuite, rememberPublicKey } from './hpke-suite.js';

// The kit's suite (HKDF by @noble/hashes, public hashes kept, one Extract per key schedule,
// known public keys not exported again) against @hpke/core's own, all WebCrypto: whatever one
// seals, the other opens, whatever the info and in whatever order.

const reference = () =>
  new CipherSuite({ kem: new DhkemP256HkdfSha256(), kdf: new HkdfSha256(), aead: new Aes256Gcm() });

async function sealWith(suite: CipherSuite, recipient: CryptoKeyPair, info: Uint8Array) {
  const plaintext = crypto.getRandomValues(new Uint8Array(40));
  const sender = await suite.createSenderContext({ recipientPublicKey: recipient.publicKey, info });
  return { plaintext, enc: sender.enc, ciphertext: await sender.seal(plaintext) };
}

async function openWith(
  suite: CipherSuite,
  recipient: CryptoKeyPair,
  info: Uint8Array,
  sealed: { enc: ArrayBuffer; ciphertext: ArrayBuffer },
) {
  const context = await suite.createRecipientContext({
    recipientKey: recipient,
    enc: sealed.enc,
    info,
  });
  return new Uint8Array(await context.open(sealed.ciphertext));
}

describe('the kit HPKE suite against @hpke/core', () => {
  const infos = ['turnkey_hpke', '', 'other_info', 'turnkey_hpke', 'other_info', ''].map((text) =>
    utf8ToBytes(text),
  );

  it('given alternating infos, should seal what the reference opens and open what it seals', async () => {
    const recipient = await reference().kem.generateKeyPair();
    for (const info of infos) {
      const ours = await sealWith(createHpkeSuite(), recipient, info);
      expect(await openWith(reference(), recipient, info, ours)).toEqual(ours.plaintext);
      const theirs = await sealWith(reference(), recipient, info);
      expect(await openWith(createHpkeSuite(), recipient, info, theirs)).toEqual(theirs.plaintext);
    }
  });

  it('given one suite reused for several seals, should give each its own key schedule', async () => {
    const suite = createHpkeSuite();
    const recipient = await reference().kem.generateKeyPair();
    for (const info of infos) {
      const sealed = await sealWith(suite, recipient, info);
      expect(await openWith(reference(), recipient, info, sealed)).toEqual(sealed.plaintext);
    }
  });

  it('given concurrent seals and opens on the shared suite, should keep their schedules apart', async () => {
    const recipient = await reference().kem.generateKeyPair();
    const sealed = await Promise.all(infos.map((info) => sealWith(hpkeSuite(), recipient, info)));
    for (const [index, info] of infos.entries()) {
      const own = sealed[index] as (typeof sealed)[number];
      expect(await openWith(reference(), recipient, info, own)).toEqual(own.plaintext);
    }
    const theirs = await Promise.all(infos.map((info) => sealWith(reference(), recipient, info)));
    const opened = await Promise.all(
      infos.map((info, index) =>
        openWith(hpkeSuite(), recipient, info, theirs[index] as (typeof theirs)[number]),
      ),
    );
    expect(opened).toEqual(theirs.map((each) => each.plaintext));
    expect(hpkeSuite()).toBe(hpkeSuite());
  });

  it('given an info that differs from the sealing one, should fail to open', async () => {
    const recipient = await reference().kem.generateKeyPair();
    const [first, , other] = infos as [Uint8Array, Uint8Array, Uint8Array];
    const sealed = await sealWith(reference(), recipient, first);
    await openWith(createHpkeSuite(), recipient, first, sealed);
    await expect(openWith(createHpkeSuite(), recipient, other, sealed)).rejects.toThrow();
  });

  it('given a recipient key remembered with its bytes, should open without exporting it', async () => {
    const recipient = await reference().kem.generateKeyPair();
    const raw = new Uint8Array(await crypto.subtle.exportKey('raw', recipient.publicKey));
    rememberPublicKey(recipient.publicKey, raw);
    const sealed = await sealWith(reference(), recipient, infos[0] as Uint8Array);
    const exportKey = crypto.subtle.exportKey.bind(crypto.subtle);
    let exports = 0;
    crypto.subtle.exportKey = ((...args: Parameters<SubtleCrypto['exportKey']>) => {
      exports++;
      return exportKey(...args);
    }) as SubtleCrypto['exportKey'];
    try {
      expect(await openWith(createHpkeSuite(), recipient, infos[0] as Uint8Array, sealed)).toEqual(
        sealed.plaintext,
      );
    } finally {
      crypto.subtle.exportKey = exportKey;
    }
    expect(exports).toBe(0);
  });
});
