/**
 * The signature-only form of `POST /quotes/{quoteId}/execute` (docs/protocol.md §11.2 step 5, §11.6):
 * the stamp alone over the quote's fixed `payloadToSign`, with no `Request-Id`. Its PROCESSING
 * resends (§11.4) are matched on a route-given key instead of a `Request-Id`.
 */
import type { Context } from 'hono';
import { authFailure, signatureFailure } from '../api-error.js';
import type { SandboxContext } from '../context.js';
import { sha256Hex } from '../crypto/sha256.js';
import { boundPath } from './bound-path.js';
import type { RequestRecord } from './request-store.js';
import { processingResponse, terminalResponse } from './respond.js';
import type { SignedRetrySpec } from './signed-retry-spec.js';
import { resolveSigner, signatureVerifies } from './signer.js';

/** Runs an accepted-or-refused signature-only send (steps 6, 9, 10, 11 over the fixed payload). */
export async function runSignatureOnly(
  ctx: SandboxContext,
  c: Context,
  spec: SignedRetrySpec,
  signature: string,
  only: NonNullable<SignedRetrySpec['signatureOnly']>,
): Promise<Response> {
  const signer = resolveSigner(ctx, signature);
  if (signer === undefined) {
    throw signatureFailure('WALLET_SIGNATURE_MALFORMED');
  }
  if (!signer.legacy && !(await signatureVerifies(ctx, signature, only.payloadToSign))) {
    throw authFailure('Signature does not verify over payloadToSign', 'WALLET_SIGNATURE_INVALID');
  }
  const denied = only.authorize(signer);
  if (denied !== undefined) {
    throw authFailure(denied, 'WALLET_SIGNATURE_INVALID');
  }
  spec.precheck?.();
  spec.beforeAccept?.();
  const record: RequestRecord = {
    id: ctx.state.newId('Request'),
    kind: 'signed',
    method: c.req.method,
    path: boundPath(c),
    bodyHash: sha256Hex(spec.bodyBytes),
    payloadToSign: only.payloadToSign,
    accountId: '',
    expiresAt: ctx.state.now(),
    state: 'processing',
    failures: 0,
    context: undefined,
    processingLeft: 0,
    purgeAt: ctx.state.now(),
  };
  const terminal = await spec.commit(signer, record);
  const answer = ctx.inflight.start(only.resendKey, ctx.processingTimes(spec.template), terminal);
  return answer.processing ? processingResponse(c) : terminalResponse(c, answer.terminal);
}

/**
 * Answers a resend of an operation accepted without a `Request-Id` (signature-only quote execute,
 * or an unsigned one) that is still owed PROCESSING answers, matched on `key` (§11.4); otherwise
 * `undefined`.
 */
export function resumeInflight(ctx: SandboxContext, c: Context, key: string): Response | undefined {
  const answer = ctx.inflight.resume(key);
  if (answer === undefined) {
    return undefined;
  }
  return answer.processing ? processingResponse(c) : terminalResponse(c, answer.terminal);
}
