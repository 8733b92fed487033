/** Why a passkey nickname was refused before any network call (docs/protocol.md §9). */
export type PasskeyNicknameProblem = 'empty' | 'tooLong' | 'invalidCharacters';

/** The outcome of `validatePasskeyNickname`. */
export type PasskeyNicknameCheck =
  | { ok: true; nickname: string }
  | { ok: false; problem: PasskeyNicknameProblem };

/** Longest nickname, in characters (code points), after trimming (§9). */
export const PASSKEY_NICKNAME_MAX_LENGTH = 100;

const allowed = /^[\p{L}\p{N} ._\-'()]+$/u;

/**
 * Checks a passkey nickname as the service does (docs/protocol.md §9): trimmed, 1–100 characters of
 * letters, digits, space and `._-'()`. Pure.
 * @param input - What the person typed.
 * @returns The trimmed nickname to send, or the problem to show.
 */
export function validatePasskeyNickname(input: string): PasskeyNicknameCheck {
  const nickname = input.trim();
  if (nickname.length === 0) {
    return { ok: false, problem: 'empty' };
  }
  if ([...nickname].length > PASSKEY_NICKNAME_MAX_LENGTH) {
    return { ok: false, problem: 'tooLong' };
  }
  if (!allowed.test(nickname)) {
    return { ok: false, problem: 'invalidCharacters' };
  }
  return { ok: true, nickname };
}
