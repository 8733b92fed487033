import type { AuthMethod } from '@wallet-auth/core';

const RANK: Record<AuthMethod['type'], number> = { PASSKEY: 0, OAUTH: 1, EMAIL_OTP: 2, SMS_OTP: 3 };

/**
 * Orders an account's credentials the way `SignIn` offers them: this device's passkey first
 * (the one that issued its last session), then other passkeys, then OAuth, then email and text
 * codes; the service's order is kept within each group.
 *
 * @param credentials - The account's credentials.
 * @param deviceCredentialId - The credential of this device's current or expired session.
 */
export function orderCredentials(
  credentials: readonly AuthMethod[],
  deviceCredentialId: string | undefined,
): AuthMethod[] {
  const rank = (credential: AuthMethod) =>
    credential.type === 'PASSKEY' && credential.id === deviceCredentialId
      ? -1
      : RANK[credential.type];
  return credentials
    .map((credential, index) => ({ credential, index }))
    .sort((a, b) => rank(a.credential) - rank(b.credential) || a.index - b.index)
    .map(({ credential }) => credential);
}
