import type { UseQueryResult } from '@tanstack/react-query';
import type { AuthMethod, WalletAuthClient, WalletAuthError } from '@wallet-auth/core';
import type { ButtonHTMLAttributes } from 'react';
import { createContext, useContext } from 'react';
import type {
  UseAddCredentialResult,
  UsePasskeyRegistrationResult,
  UseRemoveCredentialResult,
} from '../../hooks/use-credential-flows.js';
import type { UnsupportedPasskeys } from '../../hooks/use-passkey-support.js';
import type { WalletAuthMessages } from '../../i18n/en.js';
import type { PendingConfirmation } from '../../signed-action/use-stamp-confirmation.js';

/** The manager's flows. */
export type CredentialActivity = 'remove' | 'register' | 'add';

/** What the parts of a `CredentialManager` share. */
export interface CredentialManagerContextValue {
  client: WalletAuthClient;
  /** The client flows use: its stamps wait for approval when `confirm` is on. */
  actionClient: WalletAuthClient;
  query: UseQueryResult<AuthMethod[], WalletAuthError>;
  /** The credential that issued this device's session, when known. */
  sessionCredentialId: string | undefined;
  removal: UseRemoveCredentialResult;
  registration: UsePasskeyRegistrationResult;
  addition: UseAddCredentialResult;
  /** Which flow the status line reports: the one the person started last. */
  activity: CredentialActivity;
  setActivity: (activity: CredentialActivity) => void;
  confirmation: PendingConfirmation | undefined;
  messages: WalletAuthMessages;
  /** Whether this browser can use passkeys (`undefined` until known). */
  passkeysSupported: boolean | undefined;
  /** What the add-passkey button does where it cannot work (catalogue PK-17). */
  unsupportedPasskeys: UnsupportedPasskeys;
  /** Id of the status line's note saying why passkeys cannot be added here. */
  passkeyNoteId: string;
}

/** One credential row. */
export interface CredentialItemContextValue {
  credential: AuthMethod;
  hintId: string;
  /** Why it cannot be removed now, if it cannot. */
  blocked: 'lastOne' | 'inUse' | undefined;
}

/** The context of a `CredentialManager.Root`. */
export const CredentialManagerContext = createContext<CredentialManagerContextValue | null>(null);
/** The context of one `CredentialManager.Item`. */
export const CredentialItemContext = createContext<CredentialItemContextValue | null>(null);

/** Reads the manager's context, naming the part in the misuse message. */
export function useCredentialManager(part: string): CredentialManagerContextValue {
  const context = useContext(CredentialManagerContext);
  if (context === null) {
    throw new Error(`<CredentialManager.${part}> must be used within <CredentialManager.Root>.`);
  }
  return context;
}

/** Reads the item's context, naming the part in the misuse message. */
export function useCredentialItem(part: string): CredentialItemContextValue {
  const context = useContext(CredentialItemContext);
  if (context === null) {
    throw new Error(`<CredentialManager.${part}> must be used within <CredentialManager.Item>.`);
  }
  return context;
}

/** Props of the credential manager's buttons (remove, add passkey, add OAuth). */
export interface CredentialManagerButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** Render the consumer's element instead of a `button`. @defaultValue false */
  asChild?: boolean;
}
