import { useEffect, useId } from 'react';
import type { UsePasskeyLoginResult } from '../../hooks/use-passkey-login.js';
import type { WalletAuthSignInMessages } from '../../i18n/en.js';

/** Props of the passkey autofill field of `SignIn`. */
export interface PasskeyAutofillProps {
  /** The passkey offered in autofill (the first one of the list: this device's, when known). */
  credentialId: string;
  login: UsePasskeyLoginResult;
  messages: WalletAuthSignInMessages;
}

/**
 * A field whose autofill offers this site's passkeys (`autocomplete="username webauthn"`, with a
 * `get()` of conditional mediation waiting behind it, catalogue PK-18): picking the account's
 * passkey there signs in without the prompt. Quiet by design: it says nothing when the browser
 * declines, and the passkey button beside it works as before. Focusing the field offers the
 * passkey again after it lapsed.
 */
export function PasskeyAutofill({ credentialId, login, messages }: PasskeyAutofillProps) {
  const id = useId();
  const hintId = useId();
  const { startAutofill } = login;
  useEffect(() => {
    startAutofill(credentialId);
  }, [credentialId, startAutofill]);
  return (
    <div data-passkey-autofill="">
      <label htmlFor={id}>{messages.passkey.autofillLabel}</label>
      <input
        id={id}
        type="text"
        name="username"
        autoComplete="username webauthn"
        autoCapitalize="off"
        spellCheck={false}
        aria-describedby={hintId}
        onFocus={() => startAutofill(credentialId)}
      />
      <p id={hintId} data-hint="">
        {messages.passkey.autofillHint}
      </p>
    </div>
  );
}
