/**
 * The kit's real modules in the engine under test, as one page: key custody over the browser's
 * own IndexedDB and WebCrypto, and the client crypto of the three sign-ins against the project's
 * interop vectors. Each function returns what it observed as JSON; the specs (in Node) decide
 * what passes, so a failure names the engine and the value it saw.
 */
import {
  createIndexedDbKeyStore,
  isWalletAuthError,
  type KeyStore,
  type SigningKeyPair,
  type WalletAuthError,
} from '@wallet-auth/core';
import {
  bytesToHex,
  createOAuthNonce,
  createStamp,
  decodeStamp,
  decryptExportBundle,
  decryptSessionKey,
  encryptOtpCode,
  generateSigningKeyPair,
  hexToBytes,
  hpkeOpen,
  importPrivateScalar,
  passkeyChallengeToBytes,
  resolveEnvironment,
  sealOtpPlaintext,
  utf8ToBytes,
  verifyOtpTargetBundle,
  verifyStamp,
} from '@wallet-auth/core/primitives';
import { interopVectors as vectors } from '@wallet-auth/test-utils';

// ---------------------------------------------------------------------------------------------
// What the engine does underneath: every SubtleCrypto call the kit makes, with its outcome.

/** One WebCrypto call: method, format or algorithm, input length, and how it ended. */
export interface WebCryptoCall {
  method: string;
  detail: string;
  bytes?: number;
  outcome: string;
}

const calls: WebCryptoCall[] = [];
const subtle = crypto.subtle as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>;
for (const method of ['importKey', 'exportKey', 'deriveBits', 'sign', 'verify', 'generateKey']) {
  const original = subtle[method]?.bind(crypto.subtle);
  if (original === undefined) {
    continue;
  }
  subtle[method] = (...args: unknown[]) => {
    const [first, second] = args;
    const detail =
      typeof first === 'string'
        ? first
        : String((first as { name?: unknown } | undefined)?.name ?? '');
    const data = method === 'importKey' ? second : undefined;
    const call: WebCryptoCall = {
      method,
      detail,
      ...(data instanceof ArrayBuffer || ArrayBuffer.isView(data)
        ? { bytes: (data as ArrayBuffer).byteLength }
        : {}),
      outcome: 'pending',
    };
    calls.push(call);
    return original(...args).then(
      (value) => {
        call.outcome = 'ok';
        return value;
      },
      (error: unknown) => {
        call.outcome = (error as { name?: string }).name ?? 'Error';
        throw error;
      },
    );
  };
}

/** Runs `task` and returns its result with the WebCrypto calls it made. */
async function recorded<T>(task: () => Promise<T>): Promise<{ value: T; calls: WebCryptoCall[] }> {
  const start = calls.length;
  const value = await task();
  return { value, calls: calls.slice(start) };
}

// ---------------------------------------------------------------------------------------------
// Small helpers.

/** The code and message of a kit error, or the name of anything else. */
function describeError(error: unknown): { code: string; message: string; errorName?: string } {
  if (isWalletAuthError(error)) {
    const errorName = error.details?.errorName;
    return {
      code: error.code,
      message: error.message,
      ...(typeof errorName === 'string' ? { errorName } : {}),
    };
  }
  const { name, message } = error as { name?: string; message?: string };
  return { code: `untyped:${name ?? 'Error'}`, message: message ?? String(error) };
}

async function outcome<T>(task: () => Promise<T>): Promise<string> {
  try {
    await task();
    return 'ok';
  } catch (error) {
    return describeError(error).code;
  }
}

/** Tries to export a private key in every format; the outcome of each (a name when refused). */
async function exportAttempts(key: CryptoKey): Promise<Record<string, string>> {
  const result: Record<string, string> = {};
  for (const format of ['pkcs8', 'jwk', 'raw'] as const) {
    try {
      await crypto.subtle.exportKey(format, key);
      result[format] = 'exported';
    } catch (error) {
      result[format] = (error as { name?: string }).name ?? 'Error';
    }
  }
  return result;
}

function keyStore(namespace: string, warnings: ReturnType<typeof describeError>[]): KeyStore {
  return createIndexedDbKeyStore({
    namespace,
    onWarning: (warning: WalletAuthError) => warnings.push(describeError(warning)),
  });
}

async function stampFacts(keyPair: SigningKeyPair, payload: string) {
  const stamp = await createStamp({ payload, keyPair });
  const decoded = decodeStamp(stamp);
  return {
    publicKey: decoded.publicKey,
    scheme: decoded.scheme,
    verifies: await verifyStamp({ stamp, payload }),
    verifiesOtherPayload: await verifyStamp({ stamp, payload: `${payload} ` }),
    // Low-S (catalogue KEY-13): s ≤ n/2.
    lowS:
      decoded.parsedSignature.s <=
      0x7fffffff800000007fffffffffffffffde737d56d38bcf4279dce5617e3192a8n,
  };
}

// ---------------------------------------------------------------------------------------------
// Key custody.

const custody = {
  /** What this engine offers the kit. */
  async environment() {
    const generated = await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, [
      'deriveBits',
    ]);
    const raw = new Uint8Array(await crypto.subtle.exportKey('raw', generated.publicKey));
    const compressed = new Uint8Array(33);
    compressed[0] = 2 + ((raw[64] as number) & 1);
    compressed.set(raw.subarray(1, 33), 1);
    const compressedImport = await crypto.subtle
      .importKey('raw', compressed, { name: 'ECDH', namedCurve: 'P-256' }, true, [])
      .then(
        () => 'ok',
        (error: { name?: string }) => error.name ?? 'Error',
      );
    return {
      userAgent: navigator.userAgent,
      indexedDB: typeof globalThis.indexedDB,
      webLocks: typeof navigator.locks?.request,
      broadcastChannel: typeof globalThis.BroadcastChannel,
      publicKeyCredential: typeof globalThis.PublicKeyCredential,
      compressedImport,
    };
  },

  /** Generates a session key, saves it under `namespace`, and tries to export its private half. */
  async save(namespace: string, sessionId: string) {
    const warnings: ReturnType<typeof describeError>[] = [];
    const store = keyStore(namespace, warnings);
    const keyPair = await generateSigningKeyPair();
    const saved = await store.save('session', keyPair, { metadata: { sessionId } });
    return {
      persistence: await store.getPersistence(),
      warnings,
      publicKeyHex: keyPair.publicKeyHex,
      compressedPublicKeyHex: keyPair.compressedPublicKeyHex,
      extractable: keyPair.privateKey.extractable,
      usages: keyPair.privateKey.usages,
      savedIsCryptoKey: saved.keyPair.privateKey instanceof CryptoKey,
      exports: await exportAttempts(keyPair.privateKey),
    };
  },

  /** Opens the store again (after a reload) and signs with what it finds. */
  async reopen(namespace: string, expectedPublicKey: string, payload: string) {
    const warnings: ReturnType<typeof describeError>[] = [];
    const store = keyStore(namespace, warnings);
    const health = await store.checkHealth('session', { expectedPublicKey });
    const persistence = await store.getPersistence();
    const facts = {
      persistence,
      warnings,
      health: health.status,
      ...(health.status === 'unsupported' ? { healthError: describeError(health.error) } : {}),
    };
    if (health.status !== 'present') {
      return { ...facts, loaded: null };
    }
    const { keyPair, metadata } = health.key;
    return {
      ...facts,
      loaded: {
        publicKeyHex: keyPair.publicKeyHex,
        metadata,
        isCryptoKey: keyPair.privateKey instanceof CryptoKey,
        extractable: keyPair.privateKey.extractable,
        exports: await exportAttempts(keyPair.privateKey),
        stamp: await stampFacts(keyPair as SigningKeyPair, payload),
      },
    };
  },

  /** Two namespaces on one origin: same slot name, separate keys; clearing one leaves the other. */
  async namespaces(first: string, second: string) {
    const warnings: ReturnType<typeof describeError>[] = [];
    const a = keyStore(first, warnings);
    const b = keyStore(second, warnings);
    const keyA = await generateSigningKeyPair();
    const keyB = await generateSigningKeyPair();
    await a.save('session', keyA);
    await b.save('session', keyB);
    const loadedA = (await a.load('session'))?.keyPair.publicKeyHex;
    const loadedB = (await b.load('session'))?.keyPair.publicKeyHex;
    await a.clear();
    const afterClear = {
      a: (await a.checkHealth('session')).status,
      b: (await b.checkHealth('session')).status,
    };
    const databases =
      typeof indexedDB.databases === 'function'
        ? (await indexedDB.databases()).map((database) => database.name ?? '')
        : [];
    return {
      warnings,
      distinctKeys: keyA.publicKeyHex !== keyB.publicKeyHex,
      aKeepsItsKey: loadedA === keyA.publicKeyHex,
      bKeepsItsKey: loadedB === keyB.publicKeyHex,
      afterClear,
      databases: databases.filter((name) => name === `${first}.keys` || name === `${second}.keys`),
    };
  },

  /** Deletes the test databases. */
  async drop(namespaces: string[]) {
    if (typeof indexedDB === 'undefined') {
      return 0;
    }
    for (const namespace of namespaces) {
      await new Promise<void>((resolve) => {
        const request = indexedDB.deleteDatabase(`${namespace}.keys`);
        request.onsuccess = () => resolve();
        request.onerror = () => resolve();
        request.onblocked = () => resolve();
      });
    }
    return namespaces.length;
  },
};

// ---------------------------------------------------------------------------------------------
// Client crypto of the three sign-ins, against the interop vectors.

const keys = vectors.keys;

const signIns = {
  /** EMAIL_OTP / SMS_OTP: bundle check, HPKE seal (known answer and fresh), token stamp. */
  async otp() {
    const bundleVector = vectors.vectors.otpEncryptionTargetBundle;
    const sealVector = vectors.vectors.encryptedOtpBundle;
    const environment = resolveEnvironment({
      environment: 'sandbox',
      enclaveKeys: { otpSigner: keys.enclaveSigningKey.publicKeyCompressedHex },
    });
    const target = await verifyOtpTargetBundle(bundleVector.bundle, environment);
    // One byte of `data` changed inside targetPublic's hex digits: still JSON, no longer signed.
    const parsed = JSON.parse(bundleVector.bundle) as { data: string };
    const data = new TextDecoder().decode(hexToBytes(parsed.data));
    const at = data.indexOf('"targetPublic":"') + 20;
    const changed = `${data.slice(0, at)}${data[at] === '0' ? '1' : '0'}${data.slice(at + 1)}`;
    const tampered = await outcome(() =>
      verifyOtpTargetBundle(
        JSON.stringify({ ...parsed, data: bytesToHex(utf8ToBytes(changed)) }),
        environment,
      ),
    );
    const ephemeral = await importPrivateScalar(
      hexToBytes(keys.hpkeEphemeralOtp.privateKeyHex),
      'decryption',
    );
    const knownAnswer = await sealOtpPlaintext({
      targetPublicKey: target.targetPublicKey,
      otpCode: '000000',
      publicKeyHex: keys.sessionKey.publicKeyUncompressedHex,
      ephemeralKeyPair: { privateKey: ephemeral.privateKey, publicKey: ephemeral.publicKey },
    });
    // A fresh sign-in: random TEK and ephemeral key; the target (the enclave) opens it.
    const fresh = await encryptOtpCode({
      otpEncryptionTargetBundle: bundleVector.bundle,
      otpCode: '123456',
      environment,
    });
    const pair = JSON.parse(fresh.encryptedOtpBundle) as {
      encappedPublic: string;
      ciphertext: string;
    };
    const enclave = await importPrivateScalar(
      hexToBytes(sealVector.recipient.privateKeyHex),
      'decryption',
    );
    const opened = await hpkeOpen({
      recipientKeyPair: enclave,
      encappedPublicKey: pair.encappedPublic,
      ciphertext: hexToBytes(pair.ciphertext),
    });
    return {
      targetPublic: bytesToHex(target.targetPublicKey),
      tampered,
      knownAnswer,
      fresh: {
        plaintext: new TextDecoder().decode(opened),
        tekPublicKeyHex: fresh.sessionKeyPair.publicKeyHex,
        tekExtractable: fresh.sessionKeyPair.privateKey.extractable,
        encappedLength: pair.encappedPublic.length,
        stamp: await stampFacts(fresh.sessionKeyPair, 'verification-token'),
      },
    };
  },

  /** OAuth and passkey: the sealed session key (pub33 `enc`), the OAuth nonce, the challenge. */
  async sealedSessionKey() {
    const vector = vectors.vectors.credentialBundle;
    const client = await importPrivateScalar(
      hexToBytes(vector.recipient.privateKeyHex),
      'decryption',
    );
    const opens = [];
    // Twice: an engine that refuses a compressed point is remembered after the first open.
    for (let attempt = 0; attempt < 2; attempt++) {
      const { value, calls: made } = await recorded(() =>
        decryptSessionKey({
          encryptedSessionSigningKey: vector.encryptedSessionSigningKey,
          clientKeyPair: client,
        }),
      );
      opens.push({
        publicKeyHex: value.publicKeyHex,
        extractable: value.privateKey.extractable,
        compressedImports: made
          .filter((call) => call.method === 'importKey' && call.bytes === 33)
          .map((call) => call.outcome),
        pkcs8Exports: made
          .filter((call) => call.method === 'exportKey' && call.detail === 'pkcs8')
          .map((call) => call.outcome),
        stamp: await stampFacts(value, vectors.vectors.stamp.payloadToSign),
      });
    }
    const known = vector.turnkeyKnownAnswer;
    const knownClient = await importPrivateScalar(
      hexToBytes(known.recipientPrivateKeyHex),
      'decryption',
    );
    const knownKey = await decryptSessionKey({
      encryptedSessionSigningKey: known.bundle,
      clientKeyPair: knownClient,
    });
    const other = await importPrivateScalar(
      hexToBytes(keys.exportClientKey.privateKeyHex),
      'decryption',
    );
    return {
      opens,
      knownAnswerPublicKeyHex: knownKey.publicKeyHex,
      sealedToAnotherKey: await outcome(() =>
        decryptSessionKey({
          encryptedSessionSigningKey: vector.encryptedSessionSigningKey,
          clientKeyPair: other,
        }),
      ),
      nonces: {
        compressed: await createOAuthNonce(vectors.vectors.oauthNonce.compressed.clientPublicKey),
        uncompressed: await createOAuthNonce(
          vectors.vectors.oauthNonce.uncompressed.clientPublicKey,
        ),
      },
      passkeyChallengeHex: bytesToHex(
        passkeyChallengeToBytes(vectors.vectors.passkeyChallenge.challenge),
      ),
    };
  },

  /** Stamps: the vector key imported from its scalar, the vector stamps verified. */
  async stamps() {
    const vector = vectors.vectors.stamp;
    const signer = await importPrivateScalar(hexToBytes(vector.signerPrivateKeyHex), 'signing');
    return {
      signerPublicKeyHex: signer.publicKeyHex,
      signerExtractable: signer.privateKey.extractable,
      own: await stampFacts(signer, vector.payloadToSign),
      vectorDeterministic: await verifyStamp({
        stamp: vector.deterministic.headerValue,
        payload: vector.payloadToSign,
      }),
      vectorNodeSample: await verifyStamp({
        stamp: vector.nodeRuntimeSample.headerValue,
        payload: vector.payloadToSign,
      }),
      vectorOverTrailingSpace: await verifyStamp({
        stamp: vector.deterministic.headerValue,
        payload: vector.negative.sameStampPayloadWithTrailingSpace,
      }),
    };
  },

  /**
   * Two raw scalars imported one after the other (the sealed-key path of OAuth and passkey
   * sign-ins), with the WebCrypto calls each made: how this engine yields the public key.
   */
  async scalarImports() {
    const imports = [];
    for (const key of [keys.sessionKey, keys.otpTargetKey]) {
      const { value, calls: made } = await recorded(() =>
        importPrivateScalar(hexToBytes(key.privateKeyHex), 'signing'),
      );
      imports.push({
        publicKeyHex: value.publicKeyHex,
        expected: key.publicKeyUncompressedHex,
        extractable: value.privateKey.extractable,
        calls: made.map((call) => `${call.method} ${call.detail}`),
      });
    }
    return imports;
  },

  /** Wallet export: the signed, sandbox-style and production known-answer bundles. */
  async exportBundles() {
    const vector = vectors.vectors.exportBundle;
    const keyPair = await importPrivateScalar(
      hexToBytes(vector.recipient.privateKeyHex),
      'decryption',
    );
    const signed = await decryptExportBundle({
      encryptedWalletCredentials: vector.signed.encryptedWalletCredentials,
      keyPair,
      environment: resolveEnvironment({
        environment: 'sandbox',
        enclaveKeys: { exportSigner: keys.enclaveSigningKey.publicKeyUncompressedHex },
      }),
    });
    const sandboxStyle = await decryptExportBundle({
      encryptedWalletCredentials: vector.sandboxStyle.encryptedWalletCredentials,
      keyPair,
      environment: resolveEnvironment({ environment: 'sandbox' }),
    });
    const known = vector.turnkeyKnownAnswer;
    const production = await decryptExportBundle({
      encryptedWalletCredentials: known.exportBundle,
      keyPair: await importPrivateScalar(hexToBytes(known.embeddedKey), 'decryption'),
      environment: resolveEnvironment(),
    });
    return { signed, sandboxStyle, production };
  },
};

/** What the specs call: `window.__kit.<group>.<name>(…args)`. */
export const kit = { custody, signIns, utf8Length: (text: string) => utf8ToBytes(text).length };

declare global {
  interface Window {
    __kit: typeof kit;
  }
}

window.__kit = kit;
document.title = 'kit ready';
