/**
 * The client crypto of the three sign-ins in each engine, byte for byte against the project's
 * interop vectors (docs/protocol.md §16): OTP (target-bundle check, HPKE seal, token stamp), OAuth and
 * passkey (the sealed session key with its compressed `enc`, the OAuth nonce, the challenge
 * bytes), stamps, and the wallet export.
 */
import assert from 'node:assert/strict';
import { p256 } from '@noble/curves/nist.js';
import { interopVectors as vectors } from '@wallet-auth/test-utils';
import { test } from '../lib/runner.js';
import { openKitPage } from '../support/kit.js';

interface StampFacts {
  publicKey: string;
  scheme: string;
  verifies: boolean;
  verifiesOtherPayload: boolean;
  lowS: boolean;
}

function assertStamp(stamp: StampFacts, publicKey: string, what: string) {
  assert.equal(stamp.publicKey, publicKey, `${what}: the stamp carries the signer's pub33`);
  assert.equal(stamp.scheme, vectors.constants.stampScheme);
  assert.equal(stamp.verifies, true, `${what}: the stamp verifies`);
  assert.equal(stamp.verifiesOtherPayload, false, `${what}: not over another payload`);
  assert.equal(stamp.lowS, true, `${what}: low-S`);
}

test('HPKE-17: given the OTP interop vectors, should verify the target bundle, seal the known-answer bundle byte for byte, and seal a fresh code the enclave key opens', {
  smoke: true,
}, async (t) => {
  const { page } = await openKitPage(t);
  const result = await page.kit<{
    targetPublic: string;
    tampered: string;
    knownAnswer: string;
    fresh: {
      plaintext: string;
      tekPublicKeyHex: string;
      tekExtractable: boolean;
      encappedLength: number;
      stamp: StampFacts;
    };
  }>('signIns', 'otp');
  assert.equal(result.targetPublic, vectors.keys.otpTargetKey.publicKeyUncompressedHex);
  assert.equal(result.tampered, 'BUNDLE_SIGNATURE_INVALID', 'a flipped data byte (HPKE-01)');
  assert.equal(
    result.knownAnswer,
    vectors.vectors.encryptedOtpBundle.deterministic.encryptedOtpBundle,
    'the sealed bundle with the vector ephemeral key is the vector, byte for byte',
  );
  assert.equal(
    result.fresh.plaintext,
    JSON.stringify({ otp_code: '123456', public_key: result.fresh.tekPublicKeyHex }),
  );
  assert.equal(result.fresh.tekExtractable, false);
  assert.equal(result.fresh.encappedLength, 130, 'enc travels as pub65 hex');
  const tek = result.fresh.tekPublicKeyHex;
  assertStamp(
    result.fresh.stamp,
    `${Number.parseInt(tek.slice(-2), 16) % 2 ? '03' : '02'}${tek.slice(2, 66)}`,
    'the TEK',
  );
});

test('HPKE-20: given the sealed session key vectors (pub33 enc), should open them to the vector session key in this engine, through its compressed-point import or the kit’s fallback, and refuse a key sealed to another', {}, async (t) => {
  const { page } = await openKitPage(t);
  const environment = await page.kit<{ compressedImport: string }>('custody', 'environment');
  const result = await page.kit<{
    opens: {
      publicKeyHex: string;
      extractable: boolean;
      compressedImports: string[];
      pkcs8Exports: string[];
      stamp: StampFacts;
    }[];
    knownAnswerPublicKeyHex: string;
    sealedToAnotherKey: string;
    nonces: { compressed: string; uncompressed: string };
    passkeyChallengeHex: string;
  }>('signIns', 'sealedSessionKey');
  const session = vectors.keys.sessionKey;
  for (const [index, open] of result.opens.entries()) {
    assert.equal(open.publicKeyHex, session.publicKeyUncompressedHex, `open ${index + 1}`);
    assert.equal(open.extractable, false);
    assertStamp(open.stamp, session.publicKeyCompressedHex, `open ${index + 1}`);
  }
  const [first, second] = result.opens;
  assert.ok(first && second);
  if (environment.compressedImport === 'ok') {
    // The engine decompresses natively each time.
    assert.deepEqual(first.compressedImports, ['ok']);
    assert.deepEqual(second.compressedImports, ['ok']);
  } else {
    // The engine refuses pub33 (WebKit: DataError): one refused try, then the kit's own
    // decompression, remembered for the page's life.
    assert.deepEqual(first.compressedImports, [environment.compressedImport]);
    assert.deepEqual(second.compressedImports, []);
    t.note(
      `importKey('raw') of a compressed P-256 point → ${environment.compressedImport}: the kit decompressed the sealed key's enc in JavaScript (same bytes)`,
    );
  }
  if (first.pkcs8Exports.some((outcome) => outcome !== 'ok')) {
    t.note(
      `exportKey('pkcs8') of a P-256 key imported without its public key → ${first.pkcs8Exports.join(', ')}; later opens: ${second.pkcs8Exports.join(', ') || 'not tried'}`,
    );
  }
  const known = vectors.vectors.credentialBundle.turnkeyKnownAnswer;
  assert.equal(
    result.knownAnswerPublicKeyHex,
    Buffer.from(p256.getPublicKey(Buffer.from(known.expectedPlaintextHex, 'hex'), false)).toString(
      'hex',
    ),
    'the known-answer bundle opens to its scalar',
  );
  assert.equal(result.sealedToAnotherKey, 'DECRYPT_FAILED', 'HPKE-16');
  assert.equal(result.nonces.compressed, vectors.vectors.oauthNonce.compressed.nonce);
  assert.equal(result.nonces.uncompressed, vectors.vectors.oauthNonce.uncompressed.nonce);
  assert.equal(
    result.passkeyChallengeHex,
    vectors.vectors.passkeyChallenge.webauthnChallengeBytesHex,
  );
});

test('KEY-16: given the stamp vectors, should import the vector scalar as a non-extractable key, stamp the exact payload and verify the vector stamps (KEY-13, KEY-14)', {}, async (t) => {
  const { page } = await openKitPage(t);
  const result = await page.kit<{
    signerPublicKeyHex: string;
    signerExtractable: boolean;
    own: StampFacts;
    vectorDeterministic: boolean;
    vectorNodeSample: boolean;
    vectorOverTrailingSpace: boolean;
  }>('signIns', 'stamps');
  const stamp = vectors.vectors.stamp;
  assert.equal(result.signerPublicKeyHex, vectors.keys.sessionKey.publicKeyUncompressedHex);
  assert.equal(result.signerExtractable, false);
  assertStamp(result.own, stamp.signerPublicKeyCompressedHex, 'the imported key');
  assert.equal(result.vectorDeterministic, true);
  assert.equal(result.vectorNodeSample, true, 'a high-S OpenSSL stamp verifies too (KEY-13)');
  assert.equal(result.vectorOverTrailingSpace, false, 'KEY-14: exact bytes only');
});

test('KEY-20: given two raw scalars imported in a row, should import each as a non-extractable key with its exact public key, from the engine’s PKCS#8 export or, where that export leaves the public key out (Gecko), through ECDH and a signature, remembered for the page', {}, async (t) => {
  const { page } = await openKitPage(t);
  const imports = await page.kit<
    { publicKeyHex: string; expected: string; extractable: boolean; calls: string[] }[]
  >('signIns', 'scalarImports');
  for (const [index, result] of imports.entries()) {
    assert.equal(result.publicKeyHex, result.expected, `import ${index + 1}`);
    assert.equal(result.extractable, false);
    assert.ok(!result.calls.includes('exportKey jwk'), 'no JWK export (it fails in Gecko)');
  }
  const [first, second] = imports;
  assert.ok(first && second);
  if (first.calls.includes('deriveBits ECDH')) {
    // The export carried no public key: asked once, then the ECDH-and-signature path only.
    assert.ok(first.calls.includes('exportKey pkcs8'));
    assert.ok(!second.calls.includes('exportKey pkcs8'), 'the engine is remembered');
    assert.ok(second.calls.includes('deriveBits ECDH'));
    t.note(
      "exportKey('pkcs8') of a key imported without its public key leaves it out (JWK export: OperationError): the kit found the public key by ECDH and a signature",
    );
  } else {
    assert.ok(first.calls.includes('exportKey pkcs8') && second.calls.includes('exportKey pkcs8'));
    assert.ok(!second.calls.includes('deriveBits ECDH'));
  }
});

test('given the export bundle vectors, should open the signed, sandbox-style and production known-answer bundles to their mnemonics', {}, async (t) => {
  const { page } = await openKitPage(t);
  const result = await page.kit<{ signed: string; sandboxStyle: string; production: string }>(
    'signIns',
    'exportBundles',
  );
  const vector = vectors.vectors.exportBundle;
  assert.equal(result.signed, vector.plaintextMnemonic);
  assert.equal(result.sandboxStyle, vector.plaintextMnemonic);
  assert.equal(result.production, vector.turnkeyKnownAnswer.expectedMnemonic);
});
