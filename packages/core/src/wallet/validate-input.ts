import { WalletAuthError } from '../errors/wallet-auth-error.js';

const uuid = '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}';

/**
 * The typed refusal of bad input before any network call: `INVALID_INPUT` with one FieldError
 * per problem in `details.errors`, as the service reports them (docs/protocol.md §13).
 * @param errors - `{ field, message }` per invalid field.
 */
export function invalidInput(errors: { field: string; message: string }[]): WalletAuthError {
  return new WalletAuthError('INVALID_INPUT', errors.map((error) => error.message).join(' '), {
    details: { errors },
  });
}

/**
 * Checks a `<ResourceName>:<uuid>` identifier (docs/protocol.md §1).
 * @param value - The id.
 * @param resource - `Customer`, `InternalAccount`, `Quote`…
 * @param field - The parameter name for the FieldError.
 * @throws WalletAuthError `INVALID_INPUT` when it is not one.
 */
export function assertResourceId(value: unknown, resource: string, field: string): void {
  if (typeof value !== 'string' || !new RegExp(`^${resource}:${uuid}$`).test(value)) {
    throw invalidInput([{ field, message: `${field} must be a ${resource}:<uuid> id.` }]);
  }
}
