/**
 * What adding each credential type needs (docs/protocol.md §12 `POST /auth/credentials`, §9, §10):
 * body validation, the new-credential checks of §11.2 step 2a (token, attestation, duplicates),
 * the §11.1 activity describing it, and the record it creates.
 */
import { ApiError, invalidField } from '../api-error.js';
import type { SandboxContext } from '../context.js';
import type { FieldErrors } from '../http/fields.js';
import type { ActivityType } from '../signed-retry/activity-payload.js';
import type {
  CredentialRecord,
  CredentialType,
  CustomerRecord,
  InternalAccountRecord,
} from '../state/records.js';
import { checkOidcToken } from './oidc.js';
import { verifyRegistration } from './webauthn/registration.js';

/** Credential types of the interface (docs/protocol.md §12). */
export const CREDENTIAL_TYPES = ['EMAIL_OTP', 'SMS_OTP', 'OAUTH', 'PASSKEY'] as const;
const TRANSPORTS = ['usb', 'nfc', 'ble', 'internal', 'hybrid'] as const;
const NICKNAME = /^[\p{L}\p{N} ._\-'()]+$/u;
const B64URL = /^[A-Za-z0-9_-]+={0,2}$/;

/** Body fields of one add, validated at step 2. */
export type NewCredentialBody =
  | { type: 'EMAIL_OTP' | 'SMS_OTP' }
  | { type: 'OAUTH'; oidcToken: string }
  | {
      type: 'PASSKEY';
      nickname: string;
      challenge: string;
      attestation: {
        credentialId: string;
        clientDataJson: string;
        attestationObject: string;
        transports: string[];
      };
    };

/** A checked add: the activity to sign, a synchronous duplicate check, and the record factory. */
export interface NewCredentialPlan {
  activityType: ActivityType;
  parameters: (userId: string) => Record<string, unknown>;
  /** Step 2a duplicate rules, re-run at step 10 (§11.2). */
  assertNoDuplicate: () => void;
  record: Omit<CredentialRecord, 'id' | 'createdAt' | 'updatedAt'>;
}

/** Reads the type-specific members of the body, recording FieldErrors. */
export function readNewCredentialBody(
  fields: FieldErrors,
  body: Record<string, unknown>,
  type: CredentialType | undefined,
): NewCredentialBody | undefined {
  if (type === 'EMAIL_OTP' || type === 'SMS_OTP') {
    return { type };
  }
  if (type === 'OAUTH') {
    const oidcToken = fields.string(body, 'oidcToken', { required: true, minLength: 1 });
    return oidcToken === undefined ? undefined : { type, oidcToken };
  }
  if (type !== 'PASSKEY') {
    return undefined;
  }
  const rawNickname = body.nickname;
  const nickname = fields.string(
    { nickname: typeof rawNickname === 'string' ? rawNickname.trim() : rawNickname },
    'nickname',
    {
      required: true,
      minLength: 1,
      maxLength: 100,
      pattern: NICKNAME,
      patternText: NICKNAME.source,
    },
  );
  const challenge = fields.string(body, 'challenge', {
    required: true,
    pattern: B64URL,
    maxLength: 1024,
  });
  const attestation = fields.object(body, 'attestation', true);
  if (attestation === undefined) {
    return undefined;
  }
  const member = (name: string) =>
    fields.string(
      attestation,
      name,
      { required: true, pattern: B64URL, maxLength: 65536 },
      'attestation.',
    );
  const credentialId = member('credentialId');
  const clientDataJson = member('clientDataJson');
  const attestationObject = member('attestationObject');
  const transports = attestation.transports ?? [];
  if (
    !Array.isArray(transports) ||
    !transports.every((t) => (TRANSPORTS as readonly unknown[]).includes(t))
  ) {
    fields.add('attestation.transports', `Must be an array of ${TRANSPORTS.join(', ')}`, {
      enum: [...TRANSPORTS],
    });
    return undefined;
  }
  if (
    nickname === undefined ||
    challenge === undefined ||
    !credentialId ||
    !clientDataJson ||
    !attestationObject
  ) {
    return undefined;
  }
  return {
    type,
    nickname,
    challenge,
    attestation: {
      credentialId,
      clientDataJson,
      attestationObject,
      transports: [...new Set(transports as string[])],
    },
  };
}

function duplicate(code: string, message: string): ApiError {
  return new ApiError(400, code, message);
}

type PlanInput<T extends NewCredentialBody['type']> = {
  ctx: SandboxContext;
  account: InternalAccountRecord;
  customer: CustomerRecord | undefined;
  body: Extract<NewCredentialBody, { type: T }>;
};

function existingOf(input: { ctx: SandboxContext; account: InternalAccountRecord }) {
  return input.ctx.state.credentialsOf(input.account.id);
}

function planOtp({
  ctx,
  account,
  customer,
  body,
}: PlanInput<'EMAIL_OTP' | 'SMS_OTP'>): NewCredentialPlan {
  const type = body.type;
  const field = type === 'EMAIL_OTP' ? 'email' : 'phoneNumber';
  const contact = customer?.fields[field];
  if (typeof contact !== 'string') {
    throw invalidField('type', `${type} needs a customer ${field}`);
  }
  return {
    activityType:
      type === 'EMAIL_OTP'
        ? 'ACTIVITY_TYPE_UPDATE_USER_EMAIL'
        : 'ACTIVITY_TYPE_UPDATE_USER_PHONE_NUMBER',
    parameters: (userId) =>
      type === 'EMAIL_OTP' ? { userEmail: contact, userId } : { userId, userPhoneNumber: contact },
    assertNoDuplicate: () => {
      if (existingOf({ ctx, account }).some((credential) => credential.type === type)) {
        throw duplicate(
          `${type}_CREDENTIAL_ALREADY_EXISTS`,
          `The account already has an ${type} credential`,
        );
      }
    },
    record: { accountId: account.id, type, nickname: contact },
  };
}

async function planOauth({ ctx, account, body }: PlanInput<'OAUTH'>): Promise<NewCredentialPlan> {
  const identity = await checkOidcToken(ctx, body.oidcToken);
  return {
    activityType: 'ACTIVITY_TYPE_CREATE_OAUTH_PROVIDERS',
    parameters: (userId) => ({
      oauthProviders: [{ oidcToken: body.oidcToken, providerName: identity.iss }],
      userId,
    }),
    assertNoDuplicate: () => {
      const same = existingOf({ ctx, account }).some(
        (credential) =>
          credential.oauth?.iss === identity.iss &&
          credential.oauth.aud === identity.aud &&
          credential.oauth.sub === identity.sub,
      );
      if (same) {
        throw invalidField('oidcToken', 'This identity is already a credential of the account');
      }
    },
    record: {
      accountId: account.id,
      type: 'OAUTH',
      nickname: identity.email ?? identity.sub,
      oauth: { iss: identity.iss, aud: identity.aud, sub: identity.sub },
    },
  };
}

async function planPasskey({
  ctx,
  account,
  body,
}: PlanInput<'PASSKEY'>): Promise<NewCredentialPlan> {
  const verified = await verifyRegistration(ctx.options, {
    challenge: body.challenge,
    ...body.attestation,
  });
  return {
    activityType: 'ACTIVITY_TYPE_CREATE_AUTHENTICATORS_V2',
    parameters: (userId) => ({
      authenticators: [
        {
          attestation: body.attestation,
          authenticatorName: body.nickname,
          challenge: body.challenge,
        },
      ],
      userId,
    }),
    assertNoDuplicate: () => {
      if (
        existingOf({ ctx, account }).some(
          (credential) => credential.passkey?.credentialId === verified.credentialId,
        )
      ) {
        throw duplicate(
          'PASSKEY_CREDENTIAL_ALREADY_EXISTS',
          'A passkey with this credentialId is already on the account',
        );
      }
    },
    record: {
      accountId: account.id,
      type: 'PASSKEY',
      nickname: body.nickname,
      passkey: {
        credentialId: verified.credentialId,
        publicKey: verified.publicKey,
        signCount: verified.signCount,
        transports: body.attestation.transports,
      },
    },
  };
}

/**
 * Checks an add against the account and customer (contact present, token, attestation) and
 * returns its plan. Throws 400/401 per §9, §10 and §12.
 */
export async function planNewCredential(
  ctx: SandboxContext,
  account: InternalAccountRecord,
  customer: CustomerRecord | undefined,
  body: NewCredentialBody,
): Promise<NewCredentialPlan> {
  switch (body.type) {
    case 'EMAIL_OTP':
    case 'SMS_OTP':
      return planOtp({ ctx, account, customer, body });
    case 'OAUTH':
      return planOauth({ ctx, account, customer, body });
    case 'PASSKEY':
      return planPasskey({ ctx, account, customer, body });
    default:
      return body satisfies never;
  }
}
