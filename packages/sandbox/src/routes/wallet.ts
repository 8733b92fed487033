/**
 * Wallet operations (docs/protocol.md §8, §12): `POST /internal-accounts/{id}/export` (HPKE-sealed
 * BIP-39 mnemonic, only in the terminal response) and `PATCH /internal-accounts/{id}` (privacy
 * flag). Both are signed retries by any active session of the wallet.
 */
import { Hono } from 'hono';
import { readClientKey } from '../auth/client-key.js';
import { authorisingSession } from '../auth/sessions.js';
import type { SandboxContext } from '../context.js';
import { sha256Hex } from '../crypto/sha256.js';
import { createExportBundle } from '../enclave/export-bundle.js';
import { FieldErrors } from '../http/fields.js';
import { parseJsonObject, rawBody } from '../http/json-body.js';
import { pathId } from '../http/path-id.js';
import { serializeAccount } from '../serialize.js';
import { activityPayload } from '../signed-retry/activity-payload.js';
import { resumeSignedRetry, runSignedRetry, type Signer } from '../signed-retry/signed-retry.js';
import { existingAccount, requireWallet } from './lookup.js';

function walletOf(ctx: SandboxContext, id: string) {
  return requireWallet(existingAccount(ctx, id), 'id');
}

function anySessionOf(ctx: SandboxContext, accountId: string) {
  return (signer: Signer) => {
    if (signer.legacy) {
      return undefined;
    }
    const found = authorisingSession(ctx, accountId, signer.publicKey);
    return 'reason' in found ? found.reason : undefined;
  };
}

/** The wallet sub-app. */
export function walletRoutes(ctx: SandboxContext): Hono {
  const app = new Hono();

  app.post('/internal-accounts/:id/export', async (c) => {
    const bodyBytes = await rawBody(c);
    const resumed = resumeSignedRetry(ctx, c, bodyBytes);
    if (resumed !== undefined) {
      return resumed;
    }
    const id = pathId(c, 'id', 'InternalAccount');
    const body = parseJsonObject(c, bodyBytes)!;
    const fields = new FieldErrors();
    const clientKey = readClientKey(fields, body, { pub65Only: true });
    fields.throwIfAny();
    const account = walletOf(ctx, id);
    return runSignedRetry(ctx, c, {
      template: 'POST /internal-accounts/{id}/export',
      bodyBytes,
      challenge: () => ({
        accountId: account.id,
        payloadToSign: activityPayload({
          type: 'ACTIVITY_TYPE_EXPORT_WALLET',
          organizationId: account.wallet.organizationId,
          parameters: { targetPublicKey: clientKey!.text, walletId: account.wallet.walletId },
          timestampMs: ctx.state.nextTimestampMs(),
        }),
      }),
      authorize: anySessionOf(ctx, account.id),
      commit: async () => {
        const encryptedWalletCredentials = await createExportBundle({
          clientPublicKey: clientKey!.point,
          mnemonic: account.wallet.mnemonic,
          organizationId: account.wallet.organizationId,
          signer: ctx.options.signExportBundles ? ctx.enclave : undefined,
        });
        return { status: 200, body: { id: account.id, encryptedWalletCredentials } };
      },
    });
  });

  app.patch('/internal-accounts/:id', async (c) => {
    const bodyBytes = await rawBody(c);
    const resumed = resumeSignedRetry(ctx, c, bodyBytes);
    if (resumed !== undefined) {
      return resumed;
    }
    const id = pathId(c, 'id', 'InternalAccount');
    const body = parseJsonObject(c, bodyBytes)!;
    const fields = new FieldErrors();
    fields.rejectUnknown(body, ['privateEnabled']);
    const privateEnabled = fields.boolean(body, 'privateEnabled', true);
    fields.throwIfAny();
    const account = walletOf(ctx, id);
    return runSignedRetry(ctx, c, {
      template: 'PATCH /internal-accounts/{id}',
      bodyBytes,
      challenge: () => ({
        accountId: account.id,
        payloadToSign: activityPayload({
          type: 'ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2',
          organizationId: account.wallet.organizationId,
          parameters: {
            encoding: 'PAYLOAD_ENCODING_HEXADECIMAL',
            hashFunction: 'HASH_FUNCTION_NO_OP',
            payload: sha256Hex(bodyBytes),
            signWith: account.wallet.address,
          },
          timestampMs: ctx.state.nextTimestampMs(),
        }),
      }),
      authorize: anySessionOf(ctx, account.id),
      commit: () => {
        account.privateEnabled = privateEnabled!;
        account.updatedAt = ctx.state.now();
        return { status: 200, body: serializeAccount(account) };
      },
    });
  });

  return app;
}
