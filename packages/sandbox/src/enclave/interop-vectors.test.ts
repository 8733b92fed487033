/**
 * The emulator side of the interop vectors (docs/protocol.md §16): stamps verify, the fixed OTP bundles
 * open, fixed ephemeral keys reproduce the sealed session key and the export bundle's `data`, the
 * target bundle's `data` and signature reproduce, and the nonce and passkey challenge encodings
 * match.
 */
import { interopVectors as v } from '@wallet-auth/test-utils';
import { describe, expect, it } from 'vitest';
import { fromHex, fromUtf8, toBase64url, toHex, utf8 } from '../crypto/encoding.js';
import { hpkeOpen } from '../crypto/hpke.js';
import { keyPairFromHex, parsePoint, verifyDerSignature } from '../crypto/p256.js';
import { sha256Hex } from '../crypto/sha256.js';
import { parseStamp, verifyStamp } from '../crypto/stamp.js';
import { oidcNonceFor } from '../oidc-token.js';
import { createEnclave } from './enclave.js';
import { createExportBundle } from './export-bundle.js';
import { createOtpTargetBundle } from './otp-target-bundle.js';
import { base58check, sealSessionKey } from './sealed-session-key.js';

const noRandom = () => new Uint8Array(48);

describe('interop vectors, emulator side (docs/protocol.md §16)', () => {
  it('given vectors.stamp, should verify the deterministic and node samples and reject the trailing-space payload', () => {
    const s = v.vectors.stamp;
    const deterministic = parseStamp(s.deterministic.headerValue)!;
    expect(toHex(utf8(s.payloadToSign)).length).toBeGreaterThan(0);
    expect(sha256Hex(s.payloadToSign)).toBe(s.payloadSha256Hex);
    expect(verifyStamp(deterministic, s.payloadToSign)).toBe(true);
    expect(verifyStamp(parseStamp(s.nodeRuntimeSample.headerValue)!, s.payloadToSign)).toBe(true);
    expect(verifyStamp(deterministic, s.negative.sameStampPayloadWithTrailingSpace)).toBe(false);
  });

  it('given vectors.encryptedOtpBundle, should open the deterministic and the random sample to the plaintext', async () => {
    const o = v.vectors.encryptedOtpBundle;
    const recipient = keyPairFromHex(o.recipient.privateKeyHex);
    for (const wire of [o.deterministic.encryptedOtpBundle, o.randomSample.encryptedOtpBundle]) {
      const pair = JSON.parse(wire) as { encappedPublic: string; ciphertext: string };
      expect(fromHex(pair.ciphertext)!.length).toBe(o.ciphertextLengthBytes);
      const plaintext = await hpkeOpen(
        recipient.privateKey,
        recipient.publicKey,
        fromHex(pair.encappedPublic)!,
        fromHex(pair.ciphertext)!,
      );
      expect(fromUtf8(plaintext!)).toBe(o.plaintext);
    }
  });

  it('given the vector enclave and target keys, should reproduce the target bundle data with a verifying signature', () => {
    const t = v.vectors.otpEncryptionTargetBundle;
    const enclave = createEnclave(t.enclaveSigningPrivateKeyHex, noRandom);
    expect(enclave.publicKeyHex).toBe(v.keys.enclaveSigningKey.publicKeyUncompressedHex);
    const ours = JSON.parse(
      createOtpTargetBundle(enclave, keyPairFromHex(t.targetPrivateKeyHex).publicKey),
    );
    const theirs = JSON.parse(t.bundle);
    expect(ours.data).toBe(theirs.data);
    expect(fromUtf8(fromHex(ours.data)!)).toBe(t.dataJson);
    expect(ours.enclaveQuorumPublic).toBe(theirs.enclaveQuorumPublic);
    // The vector's signature is RFC 6979 without low-S normalisation; ours is low-S: same r, both verify.
    expect(ours.dataSignature.slice(8, 72)).toBe(theirs.dataSignature.slice(8, 72));
    const key = parsePoint(ours.enclaveQuorumPublic)!;
    expect(verifyDerSignature(fromHex(ours.dataSignature)!, fromHex(ours.data)!, key)).toBe(true);
    expect(verifyDerSignature(fromHex(theirs.dataSignature)!, fromHex(theirs.data)!, key)).toBe(
      true,
    );
  });

  it('given the fixed ephemeral key, should reproduce vectors.credentialBundle byte for byte', async () => {
    const b = v.vectors.credentialBundle;
    const sealed = await sealSessionKey(
      parsePoint(b.recipient.publicKeyUncompressedHex)!,
      fromHex(b.plaintextHex)!,
      fromHex(b.ephemeralPrivateKeyHex)!,
    );
    expect(sealed).toBe(b.encryptedSessionSigningKey);
    expect(toHex(base58check.decode(sealed))).toBe(b.decodedPayloadHex);
    expect(base58check.decode(sealed)).toHaveLength(b.decodedPayloadLengthBytes);
  });

  it('given the fixed ephemeral key, should reproduce vectors.exportBundle data (sandbox style, empty signature fields)', async () => {
    const e = v.vectors.exportBundle;
    const bundle = await createExportBundle({
      clientPublicKey: parsePoint(e.recipient.publicKeyUncompressedHex)!,
      mnemonic: e.plaintextMnemonic,
      organizationId: e.organizationId,
      signer: undefined,
      ephemeralPrivateKey: fromHex(e.ephemeralPrivateKeyHex)!,
    });
    expect(bundle).toBe(e.sandboxStyle.encryptedWalletCredentials);
    expect(JSON.parse(bundle).data).toBe(toHex(utf8(e.dataJson)));
  });

  it('given signExportBundles, should sign data with the enclave key so the signed vector layout verifies', async () => {
    const e = v.vectors.exportBundle;
    const enclave = createEnclave(v.keys.enclaveSigningKey.privateKeyHex, noRandom);
    const bundle = JSON.parse(
      await createExportBundle({
        clientPublicKey: parsePoint(e.recipient.publicKeyUncompressedHex)!,
        mnemonic: e.plaintextMnemonic,
        organizationId: e.organizationId,
        signer: enclave,
        ephemeralPrivateKey: fromHex(e.ephemeralPrivateKeyHex)!,
      }),
    );
    expect(Object.keys(bundle)).toEqual(
      Object.keys(JSON.parse(e.signed.encryptedWalletCredentials)),
    );
    expect(
      verifyDerSignature(
        fromHex(bundle.dataSignature)!,
        fromHex(bundle.data)!,
        parsePoint(bundle.enclaveQuorumPublic)!,
      ),
    ).toBe(true);
  });

  it('given vectors.oauthNonce, should compute the nonce over the exact key string (compressed ≠ uncompressed)', () => {
    const n = v.vectors.oauthNonce;
    expect(oidcNonceFor(n.compressed.clientPublicKey)).toBe(n.compressed.nonce);
    expect(oidcNonceFor(n.uncompressed.clientPublicKey)).toBe(n.uncompressed.nonce);
    expect(oidcNonceFor(n.productionDocExampleKey.clientPublicKey)).toBe(
      n.productionDocExampleKey.nonce,
    );
    expect(oidcNonceFor(n.compressed.clientPublicKey.toUpperCase())).not.toBe(n.compressed.nonce);
  });

  it('given vectors.passkeyChallenge, should expect the UTF-8 bytes of the hex string, not its decoding', () => {
    const p = v.vectors.passkeyChallenge;
    expect(toHex(utf8(p.challenge))).toBe(p.webauthnChallengeBytesHex);
    expect(toBase64url(utf8(p.challenge))).toBe(p.expectedClientDataChallenge);
    expect(toBase64url(fromHex(p.challenge)!)).not.toBe(p.expectedClientDataChallenge);
  });
});
