import type { ErrorNextAction } from '../../errors/describe-error.js';

/**
 * The next steps the sign-in parts perform themselves, each as a button: every action but
 * contacting support, which only the site can offer (a sign-in screen offers another method in
 * its place).
 */
export const SIGN_IN_ACTIONS: readonly ErrorNextAction[] = [
  'retry',
  'wait',
  'signIn',
  'useAnotherMethod',
  'checkConnection',
  'fixInput',
];
