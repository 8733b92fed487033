/**
 * Credentials (docs/protocol.md §12): add (`POST /auth/credentials`, signed retry once the account has
 * a credential), list (`GET /auth/credentials`) and revoke (`DELETE /auth/credentials/{id}`,
 * signed by a session of a different credential, cascading to its sessions).
 */
import { Hono } from 'hono';
import { invalidField } from '../api-error.js';
import {
  CREDENTIAL_TYPES,
  planNewCredential,
  readNewCredentialBody,
} from '../auth/new-credential.js';
import { issueOtp } from '../auth/otp.js';
import { authorisingSession, revokeSessionsOf } from '../auth/sessions.js';
import type { SandboxContext } from '../context.js';
import { addCredential } from '../customers/provision.js';
import { FieldErrors } from '../http/fields.js';
import { parseJsonObject, rawBody } from '../http/json-body.js';
import { serializeCredential } from '../serialize.js';
import { activityPayload } from '../signed-retry/activity-payload.js';
import { resumeSignedRetry, runSignedRetry } from '../signed-retry/signed-retry.js';
import type { CredentialRecord, CredentialType } from '../state/records.js';
import { accountIdQuery, credentialFromPath, existingAccount, requireWallet } from './lookup.js';

/** The revoke activity of §11.1: delete types, or the OTP add type with an empty value. */
function revokeActivity(credential: CredentialRecord, userId: string) {
  switch (credential.type) {
    case 'PASSKEY':
      return {
        type: 'ACTIVITY_TYPE_DELETE_AUTHENTICATORS' as const,
        parameters: { authenticatorIds: [credential.id], userId },
      };
    case 'OAUTH':
      return {
        type: 'ACTIVITY_TYPE_DELETE_OAUTH_PROVIDERS' as const,
        parameters: { providerIds: [credential.id], userId },
      };
    case 'EMAIL_OTP':
      return {
        type: 'ACTIVITY_TYPE_UPDATE_USER_EMAIL' as const,
        parameters: { userEmail: '', userId },
      };
    case 'SMS_OTP':
      return {
        type: 'ACTIVITY_TYPE_UPDATE_USER_PHONE_NUMBER' as const,
        parameters: { userId, userPhoneNumber: '' },
      };
    default:
      return credential.type satisfies never;
  }
}

/** The credentials sub-app. */
export function credentialsRoutes(ctx: SandboxContext): Hono {
  const app = new Hono();

  app.post('/auth/credentials', async (c) => {
    const bodyBytes = await rawBody(c);
    const resumed = resumeSignedRetry(ctx, c, bodyBytes);
    if (resumed !== undefined) {
      return resumed;
    }
    const body = parseJsonObject(c, bodyBytes)!;
    const fields = new FieldErrors();
    const type = fields.string(body, 'type', { required: true, enum: CREDENTIAL_TYPES }) as
      | CredentialType
      | undefined;
    const accountId = fields.id(body, 'accountId', 'InternalAccount', true);
    const input = readNewCredentialBody(fields, body, type);
    fields.throwIfAny();
    const account = requireWallet(existingAccount(ctx, accountId!), 'accountId');
    const customer =
      account.customerId === undefined ? undefined : ctx.state.customers.get(account.customerId);
    const plan = await planNewCredential(ctx, account, customer, input!);
    const create = () => {
      const record = addCredential(ctx, plan.record);
      const bundle =
        record.type === 'EMAIL_OTP' || record.type === 'SMS_OTP'
          ? issueOtp(ctx, record)
          : undefined;
      return { record, bundle };
    };
    plan.assertNoDuplicate();
    if (ctx.state.credentialsOf(account.id).length === 0) {
      // Bootstrap: the first credential needs no signature (§12); OTP callers then call challenge.
      const record = addCredential(ctx, plan.record);
      return c.json(serializeCredential(record), 201);
    }
    return runSignedRetry(ctx, c, {
      template: 'POST /auth/credentials',
      bodyBytes,
      precheck: plan.assertNoDuplicate,
      challenge: () => ({
        accountId: account.id,
        type: plan.record.type,
        payloadToSign: activityPayload({
          type: plan.activityType,
          organizationId: account.wallet.organizationId,
          parameters: plan.parameters(account.wallet.userId),
          timestampMs: ctx.state.nextTimestampMs(),
        }),
      }),
      authorize: (signer) => {
        if (signer.legacy) {
          return undefined;
        }
        const found = authorisingSession(ctx, account.id, signer.publicKey);
        return 'reason' in found ? found.reason : undefined;
      },
      commit: () => {
        const { record, bundle } = create();
        return {
          status: 201,
          body: serializeCredential(record, { otpEncryptionTargetBundle: bundle }),
        };
      },
    });
  });

  app.get('/auth/credentials', (c) => {
    const accountId = accountIdQuery(c);
    return c.json({
      data: ctx.state.credentialsOf(accountId).map((record) => serializeCredential(record)),
    });
  });

  app.delete('/auth/credentials/:id', async (c) => {
    const bodyBytes = await rawBody(c);
    const resumed = resumeSignedRetry(ctx, c, bodyBytes);
    if (resumed !== undefined) {
      return resumed;
    }
    const credential = credentialFromPath(ctx, c);
    const account = requireWallet(existingAccount(ctx, credential.accountId), 'id');
    const activity = revokeActivity(credential, account.wallet.userId);
    return runSignedRetry(ctx, c, {
      template: 'DELETE /auth/credentials/{id}',
      bodyBytes,
      precheck: () => {
        if (ctx.state.credentialsOf(account.id).length <= 1) {
          throw invalidField('id', 'The only credential of an account cannot be revoked');
        }
      },
      challenge: () => ({
        accountId: account.id,
        type: credential.type,
        payloadToSign: activityPayload({
          type: activity.type,
          organizationId: account.wallet.organizationId,
          parameters: activity.parameters,
          timestampMs: ctx.state.nextTimestampMs(),
        }),
      }),
      authorize: (signer) => {
        if (signer.legacy) {
          return undefined;
        }
        const found = authorisingSession(ctx, account.id, signer.publicKey, (session) =>
          session.credentialId === credential.id
            ? 'A credential cannot authorise its own revocation'
            : undefined,
        );
        return 'reason' in found ? found.reason : undefined;
      },
      commit: () => {
        ctx.state.credentials.delete(credential.id);
        credential.pendingOtp?.targetPrivateKey.fill(0);
        ctx.rateLimits.forget(credential.id);
        revokeSessionsOf(ctx, credential.id);
        return { status: 204 };
      },
    });
  });

  return app;
}
