/**
 * Passkey sign-in (docs/protocol.md §9): the challenge call binds a `requestId` to (credential,
 * `clientPublicKey`, challenge) — a newer challenge voids older ones — and verify consumes it,
 * whether the assertion passes or fails.
 */
import type { Context } from 'hono';
import { authFailure } from '../api-error.js';
import type { SandboxContext } from '../context.js';
import { sha256Hex } from '../crypto/sha256.js';
import { canonicalId } from '../ids.js';
import { LEGACY_PASSKEY_SIGNATURE } from '../magic-values.js';
import { iso, serializeCredential, serializeSession } from '../serialize.js';
import type { RequestRecord } from '../signed-retry/request-store.js';
import { deliverAccepted, resumeSignedRetry } from '../signed-retry/signed-retry.js';
import type { CredentialRecord, InternalAccountRecord } from '../state/records.js';
import type { ClientKey } from './client-key.js';
import { issueSession } from './sessions.js';
import { type AssertionInput, verifyAssertion } from './webauthn/assertion.js';

/** What a passkey `requestId` is bound to. */
interface PasskeyBinding {
  credentialId: string;
  clientKey: ClientKey;
  challenge: string;
}

/**
 * Issues a passkey challenge: `challenge` = hex SHA-256 of the canonical session-creation body
 * embedding `clientPublicKey` as sent (§9). Returns the 200 body.
 */
export function issuePasskeyChallenge(
  ctx: SandboxContext,
  credential: CredentialRecord,
  wallet: NonNullable<InternalAccountRecord['wallet']>,
  clientKey: ClientKey,
): Record<string, unknown> {
  const body = JSON.stringify({
    organizationId: wallet.organizationId,
    parameters: { targetPublicKey: clientKey.text },
    timestampMs: String(ctx.state.nextTimestampMs()),
    type: 'ACTIVITY_TYPE_CREATE_READ_WRITE_SESSION_V2',
  });
  const challenge = sha256Hex(body);
  ctx.requests.voidWhere(
    (record) =>
      record.kind === 'passkey' &&
      (record.context as PasskeyBinding).credentialId === credential.id,
  );
  const binding: PasskeyBinding = { credentialId: credential.id, clientKey, challenge };
  const record = ctx.requests.issue({
    id: ctx.state.newId('Request'),
    kind: 'passkey',
    method: 'POST',
    path: `/auth/credentials/${credential.id}/verify`,
    bodyHash: '',
    payloadToSign: '',
    accountId: credential.accountId,
    expiresAt: ctx.state.now() + ctx.options.challengeLifetimeSeconds * 1000,
    context: binding,
  });
  return {
    ...serializeCredential(credential),
    challenge,
    requestId: record.id,
    expiresAt: iso(record.expiresAt),
  };
}

function pendingPasskeyRecord(
  ctx: SandboxContext,
  credential: CredentialRecord,
  requestId: string,
): RequestRecord {
  const id = canonicalId(requestId, 'Request');
  const record = id === undefined ? undefined : ctx.requests.get(id);
  if (record === undefined || record.kind !== 'passkey') {
    throw authFailure('Request-Id unknown');
  }
  if (record.state !== 'pending') {
    throw authFailure('Request-Id already used');
  }
  if (ctx.state.now() >= record.expiresAt) {
    throw authFailure('Request-Id expired');
  }
  if ((record.context as PasskeyBinding).credentialId !== credential.id) {
    throw authFailure('Request-Id does not match this request');
  }
  return record;
}

/**
 * Verifies a passkey assertion against its `requestId` and issues the session (§9, §15): a
 * failure consumes the id and counts for §11.5; success follows §11.3/§11.4.
 */
export async function verifyPasskey(
  ctx: SandboxContext,
  c: Context,
  credential: CredentialRecord,
  requestId: string,
  assertion: AssertionInput,
  bodyBytes: Uint8Array,
): Promise<Response> {
  const record = pendingPasskeyRecord(ctx, credential, requestId);
  const binding = record.context as PasskeyBinding;
  const legacy =
    ctx.options.acceptLegacyMagicValues && assertion.signature === LEGACY_PASSKEY_SIGNATURE;
  const result = legacy
    ? undefined
    : await verifyAssertion(ctx.options, credential, binding.challenge, assertion);
  if (result !== undefined && !result.ok) {
    if (record.state === 'pending') {
      ctx.requests.consume(record);
    }
    ctx.rateLimits.recordFailure(credential.id);
    throw authFailure(result.reason);
  }
  if (
    !ctx.requests.accept(
      record,
      undefined,
      ctx.processingTimes('POST /auth/credentials/{id}/verify'),
    )
  ) {
    // An identical send was accepted while this one was being checked (§11.3).
    const resumed = resumeSignedRetry(ctx, c, bodyBytes);
    if (resumed !== undefined) {
      return resumed;
    }
    throw authFailure('Request-Id already used');
  }
  record.bodyHash = sha256Hex(bodyBytes);
  if (result !== undefined) {
    credential.passkey!.signCount = result.signCount;
  }
  ctx.rateLimits.recordSuccess(credential.id);
  const issued = await issueSession(
    ctx,
    {
      accountId: credential.accountId,
      credentialId: credential.id,
      type: 'PASSKEY',
      nickname: credential.nickname,
    },
    { clientKey: binding.clientKey },
  );
  record.terminal = {
    status: 200,
    body: serializeSession(issued.session, issued.encryptedSessionSigningKey),
  };
  return deliverAccepted(ctx, c, record);
}
