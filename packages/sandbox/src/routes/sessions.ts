/**
 * Sessions (docs/protocol.md §12): list active sessions, refresh (signed by that session; 201, the old
 * session lives to its own `expiresAt`; key delivery per §15) and revoke (signed by any session of
 * the account; 204; 404 whenever the session is not active).
 */
import { type Context, Hono } from 'hono';
import { authFailure, notFound } from '../api-error.js';
import { readClientKey } from '../auth/client-key.js';
import { authorisingSession, issueSession, revokeSession } from '../auth/sessions.js';
import type { SandboxContext } from '../context.js';
import { FieldErrors } from '../http/fields.js';
import { parseJsonObject, rawBody } from '../http/json-body.js';
import { pathId } from '../http/path-id.js';
import { serializeSession } from '../serialize.js';
import { activityPayload } from '../signed-retry/activity-payload.js';
import { resumeSignedRetry, runSignedRetry, type Signer } from '../signed-retry/signed-retry.js';
import type { SessionRecord } from '../state/records.js';
import { accountIdQuery, existingAccount, requireWallet } from './lookup.js';

function sessionFromPath(ctx: SandboxContext, c: Context): SessionRecord {
  // An ended session swept to a tombstone answers as its record did (never active).
  const session = ctx.state.sessionStore.get(pathId(c, 'id', 'Session'));
  if (session === undefined) {
    throw notFound('Session');
  }
  return session;
}

function walletOf(ctx: SandboxContext, session: SessionRecord) {
  return requireWallet(existingAccount(ctx, session.accountId), 'id').wallet;
}

/** The sessions sub-app. */
export function sessionsRoutes(ctx: SandboxContext): Hono {
  const app = new Hono();

  app.get('/auth/sessions', (c) => {
    const accountId = accountIdQuery(c);
    return c.json({
      data: ctx.state.activeSessionsOf(accountId).map((session) => serializeSession(session)),
    });
  });

  app.post('/auth/sessions/:id/refresh', async (c) => {
    const bodyBytes = await rawBody(c);
    const resumed = resumeSignedRetry(ctx, c, bodyBytes);
    if (resumed !== undefined) {
      return resumed;
    }
    const session = sessionFromPath(ctx, c);
    const body = parseJsonObject(c, bodyBytes)!;
    const fields = new FieldErrors();
    const clientKey = readClientKey(fields, body);
    fields.throwIfAny();
    const wallet = walletOf(ctx, session);
    return runSignedRetry(ctx, c, {
      template: 'POST /auth/sessions/{id}/refresh',
      bodyBytes,
      precheck: () => {
        if (!ctx.state.isActive(session)) {
          throw authFailure('Session is not active');
        }
      },
      challenge: () => ({
        accountId: session.accountId,
        payloadToSign: activityPayload({
          type: 'ACTIVITY_TYPE_CREATE_READ_WRITE_SESSION_V2',
          organizationId: wallet.organizationId,
          parameters: { targetPublicKey: clientKey!.text },
          timestampMs: ctx.state.nextTimestampMs(),
        }),
      }),
      // Only the session being refreshed may sign (§11.1).
      authorize: (signer: Signer) => {
        if (signer.legacy) {
          return undefined;
        }
        const found = authorisingSession(ctx, session.accountId, signer.publicKey, (candidate) =>
          candidate.id === session.id
            ? undefined
            : 'Only the session being refreshed may sign its refresh',
        );
        return 'reason' in found ? found.reason : undefined;
      },
      commit: async () => {
        const issued = await issueSession(
          ctx,
          {
            accountId: session.accountId,
            credentialId: session.credentialId,
            type: session.type,
            nickname: session.nickname,
          },
          { clientKey: clientKey! },
        );
        return {
          status: 201,
          body: serializeSession(issued.session, issued.encryptedSessionSigningKey),
        };
      },
    });
  });

  app.delete('/auth/sessions/:id', async (c) => {
    const bodyBytes = await rawBody(c);
    const resumed = resumeSignedRetry(ctx, c, bodyBytes);
    if (resumed !== undefined) {
      return resumed;
    }
    const session = sessionFromPath(ctx, c);
    if (!ctx.state.isActive(session)) {
      throw notFound('Active session');
    }
    const wallet = walletOf(ctx, session);
    return runSignedRetry(ctx, c, {
      template: 'DELETE /auth/sessions/{id}',
      bodyBytes,
      precheck: () => {
        if (!ctx.state.isActive(session)) {
          throw notFound('Active session');
        }
      },
      challenge: () => ({
        accountId: session.accountId,
        type: session.type,
        payloadToSign: activityPayload({
          type: 'ACTIVITY_TYPE_DELETE_API_KEYS',
          organizationId: wallet.organizationId,
          parameters: { apiKeyIds: [session.id], userId: wallet.userId },
          timestampMs: ctx.state.nextTimestampMs(),
        }),
      }),
      authorize: (signer) => {
        if (signer.legacy) {
          return undefined;
        }
        const found = authorisingSession(ctx, session.accountId, signer.publicKey);
        return 'reason' in found ? found.reason : undefined;
      },
      commit: () => {
        revokeSession(ctx, session);
        return { status: 204 };
      },
    });
  });

  return app;
}
