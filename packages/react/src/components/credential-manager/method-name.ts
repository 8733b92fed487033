/**
 * How a sign-in method reads in lists: its type, then its nickname when the nickname says more
 * than the type ("Email code · ada@example.com"), never the type twice ("Passkey · Passkey",
 * issue 21, defect 9).
 */
import type { CredentialType } from '@wallet-auth/core';
import type { WalletAuthMessages } from '../../i18n/en.js';

/**
 * Whether a nickname adds to the type's name: not empty and not the type's name again.
 * @param type - The credential type.
 * @param nickname - The credential's or session's nickname.
 * @param messages - The active catalogue.
 */
export function isDistinctNickname(
  type: CredentialType,
  nickname: string | undefined,
  messages: WalletAuthMessages,
): nickname is string {
  const trimmed = nickname?.trim() ?? '';
  const typeName = messages.credentialTypes[type];
  return (
    trimmed !== '' &&
    trimmed.localeCompare(typeName, undefined, { sensitivity: 'accent' }) !== 0 &&
    // A passkey left with the English default in another language says nothing more either.
    trimmed.localeCompare('Passkey', undefined, { sensitivity: 'accent' }) !== 0
  );
}

/**
 * "Email code · ada@example.com", or the type's name alone when the nickname adds nothing.
 * @param type - The credential type.
 * @param nickname - The nickname.
 * @param messages - The active catalogue.
 */
export function methodName(
  type: CredentialType,
  nickname: string | undefined,
  messages: WalletAuthMessages,
): string {
  const typeName = messages.credentialTypes[type];
  return isDistinctNickname(type, nickname, messages)
    ? `${typeName} · ${nickname.trim()}`
    : typeName;
}
