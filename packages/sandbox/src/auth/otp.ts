/**
 * EMAIL_OTP / SMS_OTP (docs/protocol.md §4–§5): each challenge mints a fresh target key pair and
 * voids the previous one; verify opens the HPKE bundle, checks the code `000000` in constant time
 * and returns the TEK that becomes the session key.
 */
import { authFailure } from '../api-error.js';
import type { SandboxContext } from '../context.js';
import {
  constantTimeEqual,
  fromHex,
  fromUtf8,
  isJsonObject,
  parseJson,
  utf8,
} from '../crypto/encoding.js';
import { generateKeyPair, type P256Point } from '../crypto/p256.js';
import { createOtpTargetBundle } from '../enclave/otp-target-bundle.js';
import type { FieldErrors } from '../http/fields.js';
import { SANDBOX_OTP_CODE } from '../magic-values.js';
import type { CredentialRecord } from '../state/records.js';

/** An `encryptedOtpBundle` that parsed as a JSON pair of hex strings. */
export interface EncryptedOtpBundle {
  enc: Uint8Array;
  ciphertext: Uint8Array;
}

/**
 * Mints a target key and returns the signed target bundle; records the skipped delivery as a
 * "sent" event (§14). The code is always {@link SANDBOX_OTP_CODE}.
 */
export function issueOtp(ctx: SandboxContext, credential: CredentialRecord): string {
  const target = generateKeyPair(ctx.options.random, ctx.options.crypto.publicKeyOf);
  credential.pendingOtp?.targetPrivateKey.fill(0);
  credential.pendingOtp = {
    targetPrivateKey: target.privateKey,
    targetPublicKey: target.publicKey,
    expiresAt: ctx.state.now() + ctx.options.otpLifetimeSeconds * 1000,
  };
  ctx.state.recordEvent({
    type: 'OTP_SENT',
    credentialId: credential.id,
    channel: credential.type === 'SMS_OTP' ? 'SMS' : 'EMAIL',
    to: credential.nickname,
    at: ctx.state.now(),
  });
  return createOtpTargetBundle(ctx.enclave, target.publicKey);
}

/**
 * Reads `encryptedOtpBundle`: a string holding exactly `{"encappedPublic","ciphertext"}` with hex
 * values, else a FieldError (§5: 400 `INVALID_INPUT`).
 */
export function readEncryptedOtpBundle(
  fields: FieldErrors,
  body: Record<string, unknown>,
): EncryptedOtpBundle | undefined {
  const text = fields.string(body, 'encryptedOtpBundle', { required: true, minLength: 1 });
  if (text === undefined) {
    return undefined;
  }
  const value = parseJson(text);
  const enc =
    isJsonObject(value) && typeof value.encappedPublic === 'string'
      ? fromHex(value.encappedPublic)
      : undefined;
  const ciphertext =
    isJsonObject(value) && typeof value.ciphertext === 'string'
      ? fromHex(value.ciphertext)
      : undefined;
  if (
    !isJsonObject(value) ||
    Object.keys(value).length !== 2 ||
    enc === undefined ||
    ciphertext === undefined
  ) {
    fields.add(
      'encryptedOtpBundle',
      'Must be a JSON string {"encappedPublic":"<hex>","ciphertext":"<hex>"}',
    );
    return undefined;
  }
  return { enc, ciphertext };
}

/** The TEK recovered from a correct bundle, as sent and as a point. */
export interface OpenedOtp {
  tekText: string;
  tek: P256Point;
}

/**
 * Leg-1 checks of §5, in order: no pending OTP, expired, bundle not opening or plaintext invalid,
 * wrong code (counted for §11.5). Success consumes the OTP and its target key.
 */
export async function openOtpBundle(
  ctx: SandboxContext,
  credential: CredentialRecord,
  bundle: EncryptedOtpBundle,
): Promise<OpenedOtp> {
  const pending = credential.pendingOtp;
  if (pending === undefined) {
    throw authFailure('No pending OTP for this credential');
  }
  if (ctx.state.now() >= pending.expiresAt) {
    throw authFailure('OTP expired');
  }
  const plaintext = await ctx.options.crypto.hpkeOpen(
    pending.targetPrivateKey,
    pending.targetPublicKey,
    bundle.enc,
    bundle.ciphertext,
  );
  const text = plaintext === undefined ? undefined : fromUtf8(plaintext);
  const value = text === undefined ? undefined : parseJson(text);
  const code = isJsonObject(value) ? value.otp_code : undefined;
  const tekText = isJsonObject(value) ? value.public_key : undefined;
  const tek = typeof tekText === 'string' ? ctx.options.crypto.parsePoint(tekText) : undefined;
  if (typeof code !== 'string' || typeof tekText !== 'string' || tek === undefined) {
    throw authFailure('Invalid OTP bundle');
  }
  // The bundle may have been opened after a newer challenge replaced this one during the await.
  if (credential.pendingOtp !== pending) {
    throw authFailure('No pending OTP for this credential');
  }
  if (!constantTimeEqual(utf8(code), utf8(SANDBOX_OTP_CODE))) {
    ctx.rateLimits.recordFailure(credential.id);
    throw authFailure('Invalid OTP code');
  }
  pending.targetPrivateKey.fill(0);
  credential.pendingOtp = undefined;
  ctx.rateLimits.recordSuccess(credential.id);
  return { tekText, tek };
}
