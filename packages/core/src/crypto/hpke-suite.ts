import {
  Aes256Gcm,
  CipherSuite,
  DhkemP256HkdfSha256,
  HkdfSha256,
  InvalidParamError,
} from '@hpke/core';
import { expand, extract } from '@noble/hashes/hkdf.js';
import { sha256 } from '@noble/hashes/sha2.js';

function bytes(input: ArrayBufferLike | ArrayBufferView): Uint8Array {
  return ArrayBuffer.isView(input)
    ? new Uint8Array(input.buffer, input.byteOffset, input.byteLength)
    : new Uint8Array(input);
}

/** The key schedule's LabeledExtracts whose inputs are public (RFC 9180 §5.1, base mode). */
const publicLabels = new Set(['psk_id_hash', 'info_hash']);

/** Short bytes as a string of char codes 0–255 (a map key; labels and suite ids are ASCII). */
function byteText(input: Uint8Array): string {
  return String.fromCharCode(...input);
}

/** Whether a label buffer (one of @hpke/core's constants) is in `publicLabels`, read once each. */
const labelIsPublic = new WeakMap<Uint8Array, boolean>();
const PUBLIC_HASHES_SIZE = 16;

function buffer(input: Uint8Array): ArrayBuffer {
  return input.buffer.slice(input.byteOffset, input.byteOffset + input.byteLength) as ArrayBuffer;
}

/** The `ArrayBuffer` of a fresh array noble returned (its whole buffer, nobody else's): no copy. */
function owned(fresh: Uint8Array): ArrayBuffer {
  return fresh.byteOffset === 0 && fresh.byteLength === fresh.buffer.byteLength
    ? (fresh.buffer as ArrayBuffer)
    : buffer(fresh);
}

/**
 * HKDF-SHA256 computed by @noble/hashes, synchronously, instead of an `importKey` and a `sign`
 * or `deriveBits` through WebCrypto per step: the KEM's ExtractAndExpand and the key schedule's
 * five steps (RFC 9180 §4.1, §5.1) cost fourteen round trips to the crypto thread otherwise, more
 * than the ECDH itself (in Node each also builds a CryptoKey: a seal cost 2.0 ms of CPU, 1.5 ms
 * with the schedule alone moved here).
 * Same bytes (the suite's known-answer tests and the Turnkey cross-check hold); the values were
 * already `ArrayBuffer`s in page memory with WebCrypto's HMAC, so nothing is newly exposed.
 *
 * Four of the ten HMACs @hpke/core asks for per seal or open are not recomputed (SHA-256 in
 * JavaScript made the ten a quarter of a seal's time in Chromium):
 * - `psk_id_hash` and `info_hash` are LabeledExtracts of public inputs (the empty psk_id and the
 *   fixed `turnkey_hpke` info), the same for every bundle: each suite keeps them by label and
 *   input.
 * - The schedule's three ExtractAndExpands share one Extract of (shared_secret, labeled psk): its
 *   PRK is kept by the identity of those two buffers, which @hpke/core passes unchanged, in a
 *   `WeakMap` keyed by the shared secret. It goes when the schedule drops that buffer, so no PRK
 *   outlives its seal or open, and concurrent seals on one suite never see each other's.
 */
class HkdfSha256Sync extends HkdfSha256 {
  private readonly extracts = new WeakMap<object, { ikm: object; prk: Uint8Array }>();
  /**
   * `publicLabels` results of this suite (its id is fixed at `init`) by label buffer and input;
   * a handful at most (one info).
   */
  private readonly publicHashes = new Map<Uint8Array, Map<string, ArrayBuffer>>();

  override init(suiteId: Uint8Array): void {
    super.init(suiteId);
    this.publicHashes.clear(); // kept hashes are the old suite's
  }

  override async labeledExtract(
    salt: ArrayBufferLike | ArrayBufferView,
    label: Uint8Array,
    ikm: Uint8Array,
  ): Promise<ArrayBuffer> {
    let isPublic = labelIsPublic.get(label);
    if (isPublic === undefined) {
      isPublic = publicLabels.has(byteText(label));
      labelIsPublic.set(label, isPublic);
    }
    if (!isPublic || salt.byteLength !== 0 || ikm.length > 256) {
      return super.labeledExtract(salt, label, ikm);
    }
    let byInput = this.publicHashes.get(label);
    if (byInput === undefined) {
      byInput = new Map();
      this.publicHashes.set(label, byInput);
    }
    const input = byteText(ikm);
    let hash = byInput.get(input);
    if (hash === undefined) {
      hash = await super.labeledExtract(salt, label, ikm);
      if (byInput.size >= PUBLIC_HASHES_SIZE) {
        byInput.clear();
      }
      byInput.set(input, hash);
    }
    return hash.slice(0);
  }

  override async extract(salt: ArrayBuffer, ikm: ArrayBuffer): Promise<ArrayBuffer> {
    if (salt.byteLength !== 0 && salt.byteLength !== this.hashSize) {
      throw new InvalidParamError('The salt length must be the same as the hashSize');
    }
    // An empty salt is HashLen zeros (RFC 5869 §2.2), noble's default.
    return owned(extract(sha256, bytes(ikm), salt.byteLength === 0 ? undefined : bytes(salt)));
  }

  override async expand(prk: ArrayBuffer, info: ArrayBuffer, len: number): Promise<ArrayBuffer> {
    return owned(expand(sha256, bytes(prk), bytes(info), len));
  }

  override async extractAndExpand(
    salt: ArrayBuffer,
    ikm: ArrayBuffer,
    info: ArrayBuffer,
    len: number,
  ): Promise<ArrayBuffer> {
    // The KEM's single ExtractAndExpand has an empty salt (a shared constant): nothing to keep.
    const kept = salt.byteLength === 0 ? undefined : this.extracts.get(salt);
    let prk: Uint8Array;
    if (kept !== undefined && kept.ikm === ikm) {
      prk = kept.prk;
    } else {
      prk = new Uint8Array(await this.extract(salt, ikm));
      if (salt.byteLength !== 0) {
        this.extracts.set(salt, { ikm, prk });
      }
    }
    return owned(expand(sha256, prk, bytes(info), len));
  }
}

/** suite_id of the KEM (RFC 9180 §4.1): "KEM" ‖ I2OSP(0x0010, 2), DHKEM(P-256, HKDF-SHA256). */
const KEM_SUITE_ID = Uint8Array.of(0x4b, 0x45, 0x4d, 0x00, 0x10);

/**
 * Raw pub65 bytes of public `CryptoKey`s whose bytes the kit already holds: keys the KEM imported
 * from bytes (the recipient of a seal, `enc` of an open) and key pairs registered by
 * `rememberPublicKey`. The KEM context (RFC 9180 §4.1) needs both public keys as bytes, and
 * @hpke/core exports them again through WebCrypto otherwise: a round trip to the crypto thread
 * per seal and per open for bytes already in hand. Public data only; weakly held.
 */
const knownPublicKeys = new WeakMap<CryptoKey, ArrayBuffer>();

/**
 * Tells the KEM the raw bytes of a public key it will be asked to serialize (the recipient's
 * own key of an open). The bytes must be the key's; the kit passes what it exported at keygen.
 * @param key - The public `CryptoKey`.
 * @param raw - Its pub65 bytes (anything else is ignored: WebCrypto exports it then).
 */
export function rememberPublicKey(key: CryptoKey, raw: Uint8Array): void {
  if (raw.length === 65) {
    knownPublicKeys.set(key, buffer(raw));
  }
}

/**
 * Public keys the kit imported itself, by the exact `ArrayBuffer` of their pub65 that it then
 * hands to @hpke/core (the `enc` of an open): the KEM takes the key instead of importing the same
 * bytes again. Weakly held; gone with the buffer.
 */
const importedPublicKeys = new WeakMap<ArrayBuffer, CryptoKey>();

/**
 * Tells the KEM the `CryptoKey` of the public key whose pub65 is `raw`, for when it deserializes
 * that same buffer. The key must be the import of those bytes (the kit's `enc` import).
 * @param raw - The buffer the caller passes on as `enc`.
 * @param key - Its public `CryptoKey`.
 */
export function rememberImportedPublicKey(raw: ArrayBuffer, key: CryptoKey): void {
  importedPublicKeys.set(raw, key);
}

/**
 * DHKEM(P-256, HKDF-SHA256) whose ExtractAndExpand (RFC 9180 §4.1) is `HkdfSha256Sync`'s, whose
 * public-key serialization answers from `knownPublicKeys` and deserialization from
 * `importedPublicKeys` when they can.
 */
class DhkemP256HkdfSha256Sync extends DhkemP256HkdfSha256 {
  constructor() {
    super();
    const kdf = new HkdfSha256Sync();
    kdf.init(KEM_SUITE_ID);
    this._kdf = kdf;
    // The primitives object is this instance's own (made by the constructor above).
    const prim = this._prim;
    const serialize = prim.serializePublicKey.bind(prim);
    const deserialize = prim.deserializePublicKey.bind(prim);
    prim.serializePublicKey = async (key) => {
      const known = knownPublicKeys.get(key);
      return known === undefined ? serialize(key) : known.slice(0);
    };
    prim.deserializePublicKey = async (raw) => {
      const imported = importedPublicKeys.get(raw as ArrayBuffer);
      if (imported !== undefined) {
        return imported;
      }
      const key = await deserialize(raw);
      knownPublicKeys.set(key, buffer(bytes(raw)));
      return key;
    };
  }
}

/**
 * The one HPKE suite of docs/protocol.md §3, fixed in code and never read from a bundle: base mode,
 * DHKEM(P-256, HKDF-SHA256), HKDF-SHA256 (both HKDFs computed by `HkdfSha256Sync`),
 * AES-256-GCM. Its own module so that `hpke.ts` loads @hpke/core on demand with only these parts
 * bundled.
 */
export function createHpkeSuite(): CipherSuite {
  return new CipherSuite({
    kem: new DhkemP256HkdfSha256Sync(),
    kdf: new HkdfSha256Sync(),
    aead: new Aes256Gcm(),
  });
}

let sharedSuite: CipherSuite | undefined;

/**
 * The suite every seal and open of the kit uses, made once: building one costs about as much as
 * an AES-GCM encryption (ten objects and their setup), and it holds no state of a seal or open
 * (each context has its own keys; `HkdfSha256Sync` keeps a PRK only while its shared secret lives).
 */
export function hpkeSuite(): CipherSuite {
  sharedSuite ??= createHpkeSuite();
  return sharedSuite;
}
