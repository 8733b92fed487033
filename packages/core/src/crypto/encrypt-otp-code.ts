import { bytesToHex } from '../encoding/hex.js';
import { utf8ToBytes } from '../encoding/utf8.js';
import { WalletAuthError } from '../errors/wallet-auth-error.js';
import { zeroize } from '../internal/bytes.js';
import { generateSigningKeyPair, type SigningKeyPair } from '../keys/key-pair.js';
import type { ResolvedEnvironment } from './environment.js';
import { hpkeSeal } from './hpke.js';
import { verifyOtpTargetBundle } from './otp-target-bundle.js';
import type { PublicKeyInput } from './p256.js';

// Production codes are 4–12 characters, numeric unless alphanumeric codes are enabled; the
// emulator's are 6 digits (docs/protocol.md §5).
const otpCodePattern = /^[0-9A-Za-z]{4,12}$/;

/** Parameters of `sealOtpPlaintext`. */
export interface SealOtpPlaintextParams {
  /** The verified `targetPublic` (pub65). */
  targetPublicKey: PublicKeyInput;
  /** The code as typed. */
  otpCode: string;
  /** The TEK's public key as sent in the plaintext (the kit sends pub65, docs/protocol.md §5). */
  publicKeyHex: string;
  /** Test only: fixed HPKE ephemeral key pair for known-answer vectors. */
  ephemeralKeyPair?: CryptoKeyPair;
}

/**
 * Seals `{"otp_code","public_key"}` (that order, no whitespace) to the target and formats the
 * JSON pair `{"encappedPublic","ciphertext"}` that goes on the wire as `encryptedOtpBundle`
 * (docs/protocol.md §5, §3). The plaintext buffer is zeroed afterwards.
 * @param params - Target, code and TEK public key.
 * @throws WalletAuthError `OTP_CODE_INVALID` for a code that is not 4–12 letters or digits.
 */
export async function sealOtpPlaintext(params: SealOtpPlaintextParams): Promise<string> {
  if (!otpCodePattern.test(params.otpCode)) {
    throw new WalletAuthError('OTP_CODE_INVALID', 'The code must be 4 to 12 letters or digits');
  }
  const plaintext = utf8ToBytes(
    JSON.stringify({ otp_code: params.otpCode, public_key: params.publicKeyHex }),
  );
  try {
    const sealed = await hpkeSeal({
      recipientPublicKey: params.targetPublicKey,
      plaintext,
      ...(params.ephemeralKeyPair ? { ephemeralKeyPair: params.ephemeralKeyPair } : {}),
    });
    return JSON.stringify({
      encappedPublic: bytesToHex(sealed.encappedPublicKey),
      ciphertext: bytesToHex(sealed.ciphertext),
    });
  } finally {
    zeroize(plaintext);
  }
}

/** Parameters of `encryptOtpCode`. */
export interface EncryptOtpCodeParams {
  /** `otpEncryptionTargetBundle` from the challenge (or credential-add) response. */
  otpEncryptionTargetBundle: string;
  /** The code the user typed. */
  otpCode: string;
  /** From `resolveEnvironment`: decides the pinned bundle signer. */
  environment: ResolvedEnvironment;
}

/** The result of `encryptOtpCode`. */
export interface EncryptedOtpCode {
  /** The string to send as `encryptedOtpBundle` (a JSON pair, JSON-encoded once by the request body). */
  encryptedOtpBundle: string;
  /**
   * The TEK: a fresh non-extractable signing key pair (catalogue HPKE-19) that stamps the
   * verification token and, on success, is the session key (docs/protocol.md §5, §6).
   */
  sessionKeyPair: SigningKeyPair;
}

/**
 * Encrypts an OTP for the verify call (docs/protocol.md §4–§5): checks the target bundle against the
 * environment's pin, makes a fresh TEK, and seals the code with it. Nothing is encrypted when the
 * bundle fails, and the code never appears in an error.
 * @param params - Bundle, code and environment.
 * @throws WalletAuthError `BUNDLE_MALFORMED`, `BUNDLE_SIGNATURE_INVALID`, `OTP_CODE_INVALID`,
 * `INSECURE_CONTEXT`.
 * @example
 * ```ts
 * const { encryptedOtpBundle, sessionKeyPair } = await encryptOtpCode({ otpEncryptionTargetBundle, otpCode: '000000', environment });
 * ```
 */
export async function encryptOtpCode(params: EncryptOtpCodeParams): Promise<EncryptedOtpCode> {
  if (!otpCodePattern.test(params.otpCode)) {
    throw new WalletAuthError('OTP_CODE_INVALID', 'The code must be 4 to 12 letters or digits');
  }
  const target = await verifyOtpTargetBundle(params.otpEncryptionTargetBundle, params.environment);
  const sessionKeyPair = await generateSigningKeyPair();
  const encryptedOtpBundle = await sealOtpPlaintext({
    targetPublicKey: target.targetPublicKey,
    otpCode: params.otpCode,
    publicKeyHex: sessionKeyPair.publicKeyHex,
  });
  return { encryptedOtpBundle, sessionKeyPair };
}
