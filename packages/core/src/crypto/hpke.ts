import { hexToBytes, isHex } from '../encoding/hex.js';
import { utf8ToBytes } from '../encoding/utf8.js';
import { WalletAuthError } from '../errors/wallet-auth-error.js';
import { concatBytes } from '../internal/bytes.js';
import { loadChunk } from '../internal/load-chunk.js';
import { getSubtle, toArrayBuffer } from '../internal/web-crypto.js';
import type { DecryptionKeyPair } from '../keys/key-pair.js';
import { purposeOf } from '../keys/key-pair.js';
import { loadSuite } from './hpke-loader.js';
import { type PublicKeyInput, toUncompressedPublicKey } from './p256.js';

/** HPKE `info` of every bundle: UTF-8 `turnkey_hpke` (docs/protocol.md §3). */
export const HPKE_INFO = 'turnkey_hpke';

async function createSuite() {
  return (await loadChunk(loadSuite)).hpkeSuite();
}

/** Parameters of `hpkeSeal`. */
export interface HpkeSealParams {
  /** The recipient's public key; a pub33 is decompressed first (docs/protocol.md §3). */
  recipientPublicKey: PublicKeyInput;
  /** Bytes to encrypt. */
  plaintext: Uint8Array;
  /**
   * Test only: a fixed ephemeral key pair (@hpke/core's `ekm`), for known-answer vectors.
   * Production code never sets it.
   */
  ephemeralKeyPair?: CryptoKeyPair;
}

/** The output of `hpkeSeal`. */
export interface HpkeSealed {
  /** `enc`, the ephemeral public key, pub65 (65 bytes). */
  encappedPublicKey: Uint8Array;
  /** AES-256-GCM ciphertext followed by its 16-byte tag. */
  ciphertext: Uint8Array;
}

/**
 * Single-shot HPKE seal of docs/protocol.md §3: info `turnkey_hpke`, AAD = enc(65) ‖ pkR(65).
 * The sender context is created first so its `enc` can enter the AAD.
 * @param params - Recipient key and plaintext.
 * @throws WalletAuthError `PUBLIC_KEY_INVALID` when the recipient key is not a point;
 * `INSECURE_CONTEXT` without WebCrypto; `NETWORK_ERROR` when the HPKE code cannot be loaded.
 */
export async function hpkeSeal(params: HpkeSealParams): Promise<HpkeSealed> {
  const recipient = toUncompressedPublicKey(params.recipientPublicKey);
  getSubtle();
  const suite = await createSuite();
  try {
    const recipientPublicKey = await suite.kem.deserializePublicKey(toArrayBuffer(recipient));
    const sender = await suite.createSenderContext({
      recipientPublicKey,
      info: toArrayBuffer(utf8ToBytes(HPKE_INFO)),
      ...(params.ephemeralKeyPair ? { ekm: params.ephemeralKeyPair } : {}),
    });
    const encappedPublicKey = new Uint8Array(sender.enc);
    const aad = concatBytes(encappedPublicKey, recipient);
    const ciphertext = new Uint8Array(await sender.seal(toArrayBuffer(params.plaintext), aad));
    return { encappedPublicKey, ciphertext };
  } catch (cause) {
    // No detail of the failure (or the plaintext) leaves this function (docs/protocol.md §3).
    throw new WalletAuthError('UNKNOWN', 'HPKE encryption failed', { cause });
  }
}

/** WebCrypto implementations seen refusing a valid compressed point (WebCrypto makes it optional). */
const lacksCompressedImport = new WeakSet<SubtleCrypto>();
const ecdhP256 = { name: 'ECDH', namedCurve: 'P-256' } as const;

/**
 * The `enc` of an open as pub65, with its `CryptoKey` when WebCrypto made one. A pub33 `enc` (a
 * sealed session key's, docs/protocol.md §7) is imported compressed and exported back: WebCrypto
 * decompresses it in native code and checks the point, where a square root in BigInt took about
 * 130 µs, an eighth of an OAuth or passkey sign-in's crypto. An engine that refuses a compressed
 * point decompresses in JavaScript from then on (remembered once a point it refused is valid).
 * @throws WalletAuthError `PUBLIC_KEY_INVALID` when `enc` is not a point.
 */
async function importEnc(
  subtle: SubtleCrypto,
  input: PublicKeyInput,
): Promise<{ raw: Uint8Array<ArrayBuffer>; key?: CryptoKey }> {
  const bytes = typeof input !== 'string' ? input : isHex(input) ? hexToBytes(input) : undefined;
  const compressed =
    bytes !== undefined && bytes.length === 33 && (bytes[0] === 0x02 || bytes[0] === 0x03);
  if (!compressed || lacksCompressedImport.has(subtle)) {
    return { raw: toUncompressedPublicKey(bytes ?? input) }; // hex decoded once
  }
  try {
    const key = await subtle.importKey('raw', toArrayBuffer(bytes), ecdhP256, true, []);
    return { raw: new Uint8Array(await subtle.exportKey('raw', key)), key };
  } catch {
    const raw = toUncompressedPublicKey(bytes); // PUBLIC_KEY_INVALID when WebCrypto was right
    lacksCompressedImport.add(subtle);
    return { raw };
  }
}

/** Parameters of `hpkeOpen`. */
export interface HpkeOpenParams {
  /** The recipient's non-extractable ECDH key pair. */
  recipientKeyPair: DecryptionKeyPair;
  /** `enc`, pub65 or pub33 (decompressed before use, docs/protocol.md §3). */
  encappedPublicKey: PublicKeyInput;
  /** Ciphertext followed by its tag. */
  ciphertext: Uint8Array;
}

/**
 * Single-shot HPKE open of docs/protocol.md §3 (AAD = enc(65) ‖ pkR(65)).
 * @param params - Recipient key pair, `enc` and ciphertext.
 * @throws WalletAuthError `PUBLIC_KEY_INVALID` when `enc` is not a point; `KEY_USAGE_INVALID`
 * for a signing key (catalogue KEY-18); `NETWORK_ERROR` when the HPKE code cannot be loaded;
 * `DECRYPT_FAILED` for every other failure, with no detail.
 */
export async function hpkeOpen(params: HpkeOpenParams): Promise<Uint8Array<ArrayBuffer>> {
  if (purposeOf(params.recipientKeyPair.privateKey) !== 'decryption') {
    throw new WalletAuthError('KEY_USAGE_INVALID', 'HPKE needs an ECDH decryption key');
  }
  const enc = await importEnc(getSubtle(), params.encappedPublicKey);
  const encappedPublicKey = enc.raw;
  const recipientPublicKey = hexToBytes(params.recipientKeyPair.publicKeyHex);
  const suiteModule = await loadChunk(loadSuite);
  suiteModule.rememberPublicKey(params.recipientKeyPair.publicKey, recipientPublicKey);
  const encBuffer = toArrayBuffer(encappedPublicKey);
  if (enc.key !== undefined) {
    suiteModule.rememberImportedPublicKey(encBuffer, enc.key);
  }
  const suite = suiteModule.hpkeSuite();
  try {
    const recipient = await suite.createRecipientContext({
      recipientKey: {
        privateKey: params.recipientKeyPair.privateKey,
        publicKey: params.recipientKeyPair.publicKey,
      },
      enc: encBuffer,
      info: toArrayBuffer(utf8ToBytes(HPKE_INFO)),
    });
    const aad = concatBytes(encappedPublicKey, recipientPublicKey);
    return new Uint8Array(await recipient.open(toArrayBuffer(params.ciphertext), aad));
  } catch (cause) {
    throw new WalletAuthError('DECRYPT_FAILED', 'The bundle could not be decrypted', { cause });
  }
}
