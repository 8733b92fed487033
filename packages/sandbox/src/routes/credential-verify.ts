/**
 * `POST /auth/credentials/{id}/verify` (docs/protocol.md §12): EMAIL_OTP/SMS_OTP as a signed retry
 * whose first leg checks the HPKE bundle (§5) and whose second is signed by the TEK (§6); OAUTH
 * with a fresh token and `clientPublicKey` (§10); PASSKEY with an assertion and `Request-Id` (§9).
 */
import { type Context, Hono } from 'hono';
import { ApiError, invalidField, signatureFailure } from '../api-error.js';
import { type ClientKey, readClientKey } from '../auth/client-key.js';
import { checkOidcToken } from '../auth/oidc.js';
import { type EncryptedOtpBundle, openOtpBundle, readEncryptedOtpBundle } from '../auth/otp.js';
import { verifyPasskey } from '../auth/passkey.js';
import { issueSession } from '../auth/sessions.js';
import type { AssertionInput } from '../auth/webauthn/assertion.js';
import type { SandboxContext } from '../context.js';
import { compressedHex, type P256Point } from '../crypto/p256.js';
import { sha256Hex } from '../crypto/sha256.js';
import { createVerificationToken } from '../enclave/verification-token.js';
import { FieldErrors } from '../http/fields.js';
import { parseJsonObject, rawBody } from '../http/json-body.js';
import { uuidFrom } from '../ids.js';
import { OTP_VERIFICATION_TYPES } from '../magic-values.js';
import { serializeSession } from '../serialize.js';
import { processingResponse, terminalResponse } from '../signed-retry/respond.js';
import { resumeSignedRetry, runSignedRetry } from '../signed-retry/signed-retry.js';
import type { CredentialRecord } from '../state/records.js';
import { credentialFromPath, existingAccount, requireWallet } from './lookup.js';

const TEMPLATE = 'POST /auth/credentials/{id}/verify';
const B64URL = /^[A-Za-z0-9_-]+={0,2}$/;

function sessionOrigin(credential: CredentialRecord) {
  return {
    accountId: credential.accountId,
    credentialId: credential.id,
    type: credential.type,
    nickname: credential.nickname,
  };
}

async function verifyOtp(
  ctx: SandboxContext,
  c: Context,
  credential: CredentialRecord,
  bundle: EncryptedOtpBundle,
  bodyBytes: Uint8Array,
) {
  const wallet = requireWallet(existingAccount(ctx, credential.accountId), 'id').wallet;
  return runSignedRetry(ctx, c, {
    template: TEMPLATE,
    bodyBytes,
    challenge: async () => {
      const { tek, tekText } = await openOtpBundle(ctx, credential, bundle);
      const expiresAt = ctx.state.now() + ctx.options.challengeLifetimeSeconds * 1000;
      const payloadToSign = createVerificationToken(ctx.enclave, {
        id: uuidFrom(ctx.options.random),
        verificationType: OTP_VERIFICATION_TYPES[credential.type as 'EMAIL_OTP' | 'SMS_OTP'],
        contact: credential.nickname,
        organizationId: wallet.organizationId,
        publicKey: tekText,
        expiresAtMs: expiresAt,
      });
      return {
        accountId: credential.accountId,
        type: credential.type,
        payloadToSign,
        context: tek,
        expiresAt,
      };
    },
    // Leg 2 re-runs no OTP check (the OTP is consumed); only the bound TEK may sign (§6).
    authorize: (signer, record) =>
      signer.legacy ||
      compressedHex(signer.publicKey) === compressedHex(record.context as P256Point)
        ? undefined
        : 'Stamp key is not the key bound to this verification',
    commit: async (_signer, record) => {
      const issued = await issueSession(ctx, sessionOrigin(credential), {
        tek: record.context as P256Point,
      });
      return { status: 200, body: serializeSession(issued.session) };
    },
  });
}

async function verifyOauth(
  ctx: SandboxContext,
  c: Context,
  credential: CredentialRecord,
  token: string,
  clientKey: ClientKey,
  bodyBytes: Uint8Array,
) {
  const key = `${TEMPLATE}|${credential.id}|${sha256Hex(bodyBytes)}`;
  const resumed = ctx.inflight.resume(key);
  if (resumed === undefined) {
    ctx.rateLimits.assertNotLocked(credential.id);
    try {
      await checkOidcToken(ctx, token, {
        identity: credential.oauth!,
        clientPublicKey: clientKey.text,
      });
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        ctx.rateLimits.recordFailure(credential.id);
      }
      throw error;
    }
    ctx.rateLimits.recordSuccess(credential.id);
    const issued = await issueSession(ctx, sessionOrigin(credential), { clientKey });
    const terminal = {
      status: 200 as const,
      body: serializeSession(issued.session, issued.encryptedSessionSigningKey),
    };
    const answer = ctx.inflight.start(key, ctx.processingTimes(TEMPLATE), terminal);
    return answer.processing ? processingResponse(c) : terminalResponse(c, answer.terminal);
  }
  return resumed.processing ? processingResponse(c) : terminalResponse(c, resumed.terminal);
}

function readAssertion(
  fields: FieldErrors,
  body: Record<string, unknown>,
): AssertionInput | undefined {
  const assertion = fields.object(body, 'assertion', true);
  if (assertion === undefined) {
    return undefined;
  }
  const member = (name: string, required = true) =>
    fields.string(assertion, name, { required, pattern: B64URL, maxLength: 65536 }, 'assertion.');
  const input = {
    credentialId: member('credentialId'),
    clientDataJson: member('clientDataJson'),
    authenticatorData: member('authenticatorData'),
    signature:
      assertion.signature === undefined
        ? undefined
        : fields.string(
            assertion,
            'signature',
            { required: true, minLength: 1, maxLength: 4096 },
            'assertion.',
          ),
  };
  member('userHandle', false);
  return Object.values(input).every((value) => value !== undefined)
    ? (input as AssertionInput)
    : undefined;
}

/** The verify sub-app. */
export function credentialVerifyRoutes(ctx: SandboxContext): Hono {
  const app = new Hono();
  app.post('/auth/credentials/:id/verify', async (c) => {
    const bodyBytes = await rawBody(c);
    const resumed = resumeSignedRetry(ctx, c, bodyBytes);
    if (resumed !== undefined) {
      return resumed;
    }
    const credential = credentialFromPath(ctx, c);
    const body = parseJsonObject(c, bodyBytes)!;
    const fields = new FieldErrors();
    const type = fields.string(body, 'type', {
      required: true,
      enum: ['EMAIL_OTP', 'SMS_OTP', 'OAUTH', 'PASSKEY'],
    });
    fields.throwIfAny();
    if (type !== credential.type) {
      throw invalidField('type', `Must be ${credential.type}, the type of this credential`, {
        enum: [credential.type],
      });
    }
    if (credential.type === 'PASSKEY') {
      const assertion = readAssertion(fields, body);
      fields.throwIfAny();
      const requestId = c.req.header('Request-Id');
      if (requestId === undefined) {
        throw signatureFailure('REQUEST_ID_MISSING');
      }
      ctx.rateLimits.assertNotLocked(credential.id);
      return verifyPasskey(ctx, c, credential, requestId, assertion!, bodyBytes);
    }
    if (credential.type === 'OAUTH') {
      const token = fields.string(body, 'oidcToken', { required: true, minLength: 1 });
      const clientKey = readClientKey(fields, body);
      fields.throwIfAny();
      return verifyOauth(ctx, c, credential, token!, clientKey!, bodyBytes);
    }
    // §5: the lock check comes before the bundle's format check.
    ctx.rateLimits.assertNotLocked(credential.id);
    const bundle = readEncryptedOtpBundle(fields, body);
    fields.throwIfAny();
    return verifyOtp(ctx, c, credential, bundle!, bodyBytes);
  });
  return app;
}
