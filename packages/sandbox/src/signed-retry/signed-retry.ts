/**
 * The signed-retry exchange, one mechanism for every signed endpoint (docs/protocol.md §11.2–§11.4):
 * leg 1 issues a challenge bound to method, decoded path and body bytes; leg 2 is checked in the
 * order of §11.2 (steps 3–11), accepted atomically (exactly one concurrent send wins), committed at
 * acceptance and answered with PROCESSING as configured.
 */
import type { Context } from 'hono';
import { authFailure, signatureFailure } from '../api-error.js';
import type { SandboxContext } from '../context.js';
import { sha256Hex } from '../crypto/sha256.js';
import { canonicalId } from '../ids.js';
import { boundPath } from './bound-path.js';
import type { RequestRecord } from './request-store.js';
import { challengeResponse, processingResponse, terminalResponse } from './respond.js';
import { runSignatureOnly } from './signature-only.js';
import type { ChallengeSpec, SignedRetrySpec } from './signed-retry-spec.js';
import { resolveSigner, signatureVerifies } from './signer.js';

export { boundPath } from './bound-path.js';
export type { ChallengeSpec, SignedRetrySpec } from './signed-retry-spec.js';
export type { Signer } from './signer.js';

function readHeaders(ctx: SandboxContext, c: Context) {
  return {
    signature: c.req.header(ctx.options.signatureHeaderName),
    requestId: c.req.header('Request-Id'),
  };
}

function matches(record: RequestRecord, c: Context, path: string): boolean {
  return record.method === c.req.method && record.path === path;
}

function lookupPendingForCounting(ctx: SandboxContext, c: Context, requestId: string | undefined) {
  const id = canonicalId(requestId, 'Request');
  const record = id === undefined ? undefined : ctx.requests.get(id);
  if (record !== undefined && record.state === 'pending' && matches(record, c, boundPath(c))) {
    ctx.requests.fail(record);
  }
}

/** Delivers one accepted send: PROCESSING while owed, then the terminal response (consuming the id). */
export function deliverAccepted(ctx: SandboxContext, c: Context, record: RequestRecord): Response {
  if (record.terminal === undefined || record.processingLeft === -1) {
    // The commit of the accepted send is still running, or PROCESSING is owed forever.
    return processingResponse(c);
  }
  if (record.processingLeft > 0) {
    record.processingLeft -= 1;
    return processingResponse(c);
  }
  const terminal = record.terminal;
  ctx.requests.consume(record);
  return terminalResponse(c, terminal);
}

/**
 * Handles a send that refers to an id already accepted or used (§11.3–§11.4), before any route
 * validation: a byte-identical resend of a processing id gets PROCESSING or the terminal response;
 * a resend of a used id gets `Request-Id already used`. Anything else returns `undefined`.
 */
export function resumeSignedRetry(
  ctx: SandboxContext,
  c: Context,
  bodyBytes: Uint8Array,
): Response | undefined {
  const { signature, requestId } = readHeaders(ctx, c);
  const id = canonicalId(requestId, 'Request');
  const record = id === undefined ? undefined : ctx.requests.get(id);
  if (record === undefined || record.state === 'pending' || !matches(record, c, boundPath(c))) {
    return undefined;
  }
  if (record.state === 'consumed') {
    throw authFailure('Request-Id already used');
  }
  if (record.kind === 'signed' && signature === undefined) {
    throw signatureFailure('WALLET_SIGNATURE_MISSING');
  }
  if (ctx.state.now() >= record.expiresAt) {
    throw authFailure('Request-Id expired');
  }
  if (sha256Hex(bodyBytes) !== record.bodyHash) {
    throw signatureFailure('WALLET_SIGNATURE_BODY_MISMATCH');
  }
  if (record.kind === 'signed' && signature !== record.acceptedSignature) {
    throw authFailure('Signature differs from the accepted send', 'WALLET_SIGNATURE_INVALID');
  }
  return deliverAccepted(ctx, c, record);
}

/** Issues a challenge for this request (leg 1) and answers 202. */
export function issueChallenge(
  ctx: SandboxContext,
  c: Context,
  spec: ChallengeSpec & { bodyBytes: Uint8Array; kind?: RequestRecord['kind'] },
): Response {
  const record = ctx.requests.issue({
    id: ctx.state.newId('Request'),
    kind: spec.kind ?? 'signed',
    method: c.req.method,
    path: boundPath(c),
    bodyHash: sha256Hex(spec.bodyBytes),
    payloadToSign: spec.payloadToSign,
    accountId: spec.accountId,
    expiresAt: spec.expiresAt ?? ctx.state.now() + ctx.options.challengeLifetimeSeconds * 1000,
    context: spec.context,
  });
  return challengeResponse(c, {
    ...(spec.type === undefined ? {} : { type: spec.type }),
    payloadToSign: record.payloadToSign,
    requestId: record.id,
    expiresAt: record.expiresAt,
  });
}

/** Runs §11.2 from step 2a on: leg 1 or the checks of leg 2, then acceptance. */
export async function runSignedRetry(
  ctx: SandboxContext,
  c: Context,
  spec: SignedRetrySpec,
): Promise<Response> {
  spec.precheck?.(); // step 2a
  const { signature, requestId } = readHeaders(ctx, c);
  if (signature === undefined && requestId === undefined) {
    const challenge = await spec.challenge(); // step 3
    return issueChallenge(ctx, c, { ...challenge, bodyBytes: spec.bodyBytes });
  }
  if (signature === undefined) {
    lookupPendingForCounting(ctx, c, requestId);
    throw signatureFailure('WALLET_SIGNATURE_MISSING'); // step 4
  }
  if (requestId === undefined) {
    if (spec.signatureOnly === undefined) {
      throw signatureFailure('REQUEST_ID_MISSING'); // step 5
    }
    return runSignatureOnly(ctx, c, spec, signature, spec.signatureOnly);
  }
  const signer = resolveSigner(ctx, signature);
  if (signer === undefined) {
    lookupPendingForCounting(ctx, c, requestId);
    throw signatureFailure('WALLET_SIGNATURE_MALFORMED'); // step 6
  }
  const resumed = resumeSignedRetry(ctx, c, spec.bodyBytes);
  if (resumed !== undefined) {
    return resumed; // an id accepted or used meanwhile (§11.3)
  }
  let record = lookupForRetry(ctx, c, requestId); // step 7
  if (sha256Hex(spec.bodyBytes) !== record.bodyHash) {
    ctx.requests.fail(record);
    throw signatureFailure('WALLET_SIGNATURE_BODY_MISMATCH'); // step 8
  }
  if (!signer.legacy) {
    const verified = await signatureVerifies(ctx, signature, record.payloadToSign); // step 9
    // Other sends ran during the (native, async) verification: judge the id as it is now.
    const resumedMeanwhile = resumeSignedRetry(ctx, c, spec.bodyBytes);
    if (resumedMeanwhile !== undefined) {
      return resumedMeanwhile;
    }
    record = lookupForRetry(ctx, c, requestId);
    if (!verified) {
      ctx.requests.fail(record);
      throw authFailure('Signature does not verify over payloadToSign', 'WALLET_SIGNATURE_INVALID');
    }
  }
  const denied = spec.authorize(signer, record);
  if (denied !== undefined) {
    ctx.requests.fail(record);
    throw authFailure(denied, 'WALLET_SIGNATURE_INVALID'); // step 9
  }
  spec.precheck?.(); // step 10
  spec.beforeAccept?.();
  if (!ctx.requests.accept(record, signature, ctx.processingTimes(spec.template))) {
    // Another identical send was accepted first: this one is a resend (§11.3).
    return resumeSignedRetry(ctx, c, spec.bodyBytes) ?? processingResponse(c);
  }
  record.terminal = await spec.commit(signer, record); // step 11
  return deliverAccepted(ctx, c, record);
}

function lookupForRetry(ctx: SandboxContext, c: Context, requestId: string): RequestRecord {
  const id = canonicalId(requestId, 'Request');
  const record = id === undefined ? undefined : ctx.requests.get(id);
  if (record === undefined || record.kind !== 'signed') {
    throw authFailure('Request-Id unknown');
  }
  if (!matches(record, c, boundPath(c))) {
    throw authFailure('Request-Id does not match this request');
  }
  if (record.state !== 'pending') {
    throw authFailure('Request-Id already used');
  }
  if (ctx.state.now() >= record.expiresAt) {
    throw authFailure('Request-Id expired');
  }
  return record;
}
