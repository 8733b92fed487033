/**
 * `POST /auth/credentials/{id}/challenge` (docs/protocol.md §12): OTP types get a fresh target bundle
 * (and a new "sent" OTP), PASSKEY a challenge bound to `clientPublicKey`; OAUTH has no challenge
 * (400). Rate limited per credential (§11.5); PROCESSING resends match on (credential, body hash).
 */
import { Hono } from 'hono';
import { invalidField } from '../api-error.js';
import { readClientKey } from '../auth/client-key.js';
import { issueOtp } from '../auth/otp.js';
import { issuePasskeyChallenge } from '../auth/passkey.js';
import type { SandboxContext } from '../context.js';
import { sha256Hex } from '../crypto/sha256.js';
import { FieldErrors } from '../http/fields.js';
import { parseJsonObject, rawBody } from '../http/json-body.js';
import { serializeCredential } from '../serialize.js';
import { processingResponse, terminalResponse } from '../signed-retry/respond.js';
import { credentialFromPath, existingAccount, requireWallet } from './lookup.js';

const TEMPLATE = 'POST /auth/credentials/{id}/challenge';

/** The challenge sub-app. */
export function credentialChallengeRoutes(ctx: SandboxContext): Hono {
  const app = new Hono();
  app.post('/auth/credentials/:id/challenge', async (c) => {
    const bodyBytes = await rawBody(c);
    const credential = credentialFromPath(ctx, c);
    const body = parseJsonObject(c, bodyBytes, { optional: credential.type !== 'PASSKEY' }) ?? {};
    if (credential.type === 'OAUTH') {
      throw invalidField(
        'id',
        'OAUTH credentials have no challenge: call verify with a fresh token',
      );
    }
    const fields = new FieldErrors();
    const clientKey = credential.type === 'PASSKEY' ? readClientKey(fields, body) : undefined;
    fields.throwIfAny();
    const key = `${TEMPLATE}|${credential.id}|${sha256Hex(bodyBytes)}`;
    const resumed = ctx.inflight.resume(key);
    if (resumed !== undefined) {
      return resumed.processing ? processingResponse(c) : terminalResponse(c, resumed.terminal);
    }
    ctx.rateLimits.assertNotLocked(credential.id);
    ctx.rateLimits.takeChallenge(credential.id);
    const wallet = requireWallet(existingAccount(ctx, credential.accountId), 'id').wallet;
    const responseBody =
      clientKey === undefined
        ? serializeCredential(credential, { otpEncryptionTargetBundle: issueOtp(ctx, credential) })
        : issuePasskeyChallenge(ctx, credential, wallet, clientKey);
    const answer = ctx.inflight.start(key, ctx.processingTimes(TEMPLATE), {
      status: 200,
      body: responseBody,
    });
    return answer.processing ? processingResponse(c) : terminalResponse(c, answer.terminal);
  });
  return app;
}
