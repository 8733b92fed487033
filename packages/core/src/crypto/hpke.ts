import { hexToBytes } from '../encoding/hex.js';
import { utf8ToBytes } from '../encoding/utf8.js';
import { WalletAuthError } from '../errors/wallet-auth-error.js';
import { concatBytes } from '../internal/bytes.js';
import { loadChunk } from '../internal/load-chunk.js';
import { getSubtle, toArrayBuffer } from '../internal/web-crypto.js';
import type { DecryptionKeyPair } from '../keys/key-pair.js';
import { purposeOf } from '../keys/key-pair.js';
import { type PublicKeyInput, toUncompressedPublicKey } from './p256.js';

/** HPKE `info` of every bundle: UTF-8 `turnkey_hpke` (wire-format §3). */
export const HPKE_INFO = 'turnkey_hpke';

// @hpke/core is loaded on demand (its own chunk): an app's first load needs no HPKE, and an OTP
// sign-in starts fetching it when the code is requested (`preloadHpke`).
// The module promise is kept (a dynamic import per call costs a resolve each time, ~4 % of a
// busy client's CPU) and dropped after a failure so that a later call can try the network again.
let suiteModule: Promise<typeof import('./hpke-suite.js')> | undefined;
const loadSuite = () => {
  suiteModule ??= import('./hpke-suite.js').catch((error: unknown) => {
    suiteModule = undefined;
    throw error;
  });
  return suiteModule;
};

/**
 * Starts loading the HPKE code in the background, so it is ready when needed; a failure is
 * ignored here and reported by the call that needs the code.
 */
export function preloadHpke(): void {
  loadSuite().catch(() => undefined);
}

async function createSuite(recipientKey?: { publicKey: CryptoKey; raw: Uint8Array }) {
  const suiteModule = await loadChunk(loadSuite);
  if (recipientKey !== undefined) {
    suiteModule.rememberPublicKey(recipientKey.publicKey, recipientKey.raw);
  }
  return suiteModule.createHpkeSuite();
}

/** Parameters of `hpkeSeal`. */
export interface HpkeSealParams {
  /** The recipient's public key; a pub33 is decompressed first (wire-format §3). */
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
 * Single-shot HPKE seal of wire-format §3: info `turnkey_hpke`, AAD = enc(65) ‖ pkR(65).
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
    // No detail of the failure (or the plaintext) leaves this function (wire-format §3).
    throw new WalletAuthError('UNKNOWN', 'HPKE encryption failed', { cause });
  }
}

/** Parameters of `hpkeOpen`. */
export interface HpkeOpenParams {
  /** The recipient's non-extractable ECDH key pair. */
  recipientKeyPair: DecryptionKeyPair;
  /** `enc`, pub65 or pub33 (decompressed before use, wire-format §3). */
  encappedPublicKey: PublicKeyInput;
  /** Ciphertext followed by its tag. */
  ciphertext: Uint8Array;
}

/**
 * Single-shot HPKE open of wire-format §3 (AAD = enc(65) ‖ pkR(65)).
 * @param params - Recipient key pair, `enc` and ciphertext.
 * @throws WalletAuthError `PUBLIC_KEY_INVALID` when `enc` is not a point; `KEY_USAGE_INVALID`
 * for a signing key (catalogue KEY-18); `NETWORK_ERROR` when the HPKE code cannot be loaded;
 * `DECRYPT_FAILED` for every other failure, with no detail.
 */
export async function hpkeOpen(params: HpkeOpenParams): Promise<Uint8Array<ArrayBuffer>> {
  const encappedPublicKey = toUncompressedPublicKey(params.encappedPublicKey);
  if (purposeOf(params.recipientKeyPair.privateKey) !== 'decryption') {
    throw new WalletAuthError('KEY_USAGE_INVALID', 'HPKE needs an ECDH decryption key');
  }
  getSubtle();
  const recipientPublicKey = hexToBytes(params.recipientKeyPair.publicKeyHex);
  const suite = await createSuite({
    publicKey: params.recipientKeyPair.publicKey,
    raw: recipientPublicKey,
  });
  try {
    const recipient = await suite.createRecipientContext({
      recipientKey: {
        privateKey: params.recipientKeyPair.privateKey,
        publicKey: params.recipientKeyPair.publicKey,
      },
      enc: toArrayBuffer(encappedPublicKey),
      info: toArrayBuffer(utf8ToBytes(HPKE_INFO)),
    });
    const aad = concatBytes(encappedPublicKey, recipientPublicKey);
    return new Uint8Array(await recipient.open(toArrayBuffer(params.ciphertext), aad));
  } catch (cause) {
    throw new WalletAuthError('DECRYPT_FAILED', 'The bundle could not be decrypted', { cause });
  }
}
