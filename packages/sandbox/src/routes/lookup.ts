/**
 * Resource lookups shared by routes: a well-formed but unknown id is 404 `NOT_FOUND`
 * (docs/protocol.md §1).
 */
import type { Context } from 'hono';
import { invalidField, notFound } from '../api-error.js';
import type { SandboxContext } from '../context.js';
import { pathId } from '../http/path-id.js';
import { canonicalId, idPattern } from '../ids.js';
import type { CredentialRecord, InternalAccountRecord } from '../state/records.js';

/** The credential named by path parameter `id`. */
export function credentialFromPath(ctx: SandboxContext, c: Context): CredentialRecord {
  const credential = ctx.state.credentials.get(pathId(c, 'id', 'AuthMethod'));
  if (credential === undefined) {
    throw notFound('Credential');
  }
  return credential;
}

/** The internal account `id` (already canonical), which must exist. */
export function existingAccount(ctx: SandboxContext, id: string): InternalAccountRecord {
  const account = ctx.state.accounts.get(id);
  if (account === undefined) {
    throw notFound('Internal account');
  }
  return ctx.state.settle(account);
}

/** An EMBEDDED_WALLET account, else 400 `INVALID_INPUT` on `field` (§12). */
export function requireWallet(
  account: InternalAccountRecord,
  field: string,
): InternalAccountRecord & { wallet: NonNullable<InternalAccountRecord['wallet']> } {
  if (account.type !== 'EMBEDDED_WALLET' || account.wallet === undefined) {
    throw invalidField(field, 'Must be an EMBEDDED_WALLET account');
  }
  return account as InternalAccountRecord & {
    wallet: NonNullable<InternalAccountRecord['wallet']>;
  };
}

/** Reads a required `accountId` query parameter (`GET /auth/credentials`, `GET /auth/sessions`, §12). */
export function accountIdQuery(c: Context): string {
  const values = c.req.queries('accountId') ?? [];
  const id = values.length === 1 ? canonicalId(values[0], 'InternalAccount') : undefined;
  if (id === undefined) {
    throw invalidField('accountId', 'Must be one InternalAccount id', {
      pattern: idPattern('InternalAccount'),
    });
  }
  return id;
}
