/**
 * The WebAuthn port (docs/contributing.md §2.4, anti-pattern 8): flows reach the browser's credential
 * APIs only through this interface, so tests inject a software authenticator instead of
 * replacing `navigator.credentials`. The JSON shapes are WebAuthn Level 3's
 * (`PublicKeyCredentialCreationOptionsJSON`, `RegistrationResponseJSON`, …): every binary value is
 * an unpadded base64url string, exactly what `@simplewebauthn/browser` takes and returns.
 */

/** Transports a credential may report (docs/protocol.md §9 keeps only these five). */
export type AuthenticatorTransportName = 'usb' | 'nfc' | 'ble' | 'internal' | 'hybrid';

/** A credential named in `allowCredentials` / `excludeCredentials`. */
export interface PublicKeyCredentialDescriptorJSON {
  type: 'public-key';
  /** base64url credential id (`rawId`). */
  id: string;
  transports?: AuthenticatorTransportName[];
}

/** Options of `navigator.credentials.create()` as JSON. */
export interface PublicKeyCredentialCreationOptionsJSON {
  rp: { id?: string; name: string };
  user: {
    /** base64url user handle, at most 64 bytes decoded. */
    id: string;
    name: string;
    displayName: string;
  };
  /** base64url challenge bytes. */
  challenge: string;
  pubKeyCredParams: { type: 'public-key'; alg: number }[];
  timeout?: number;
  excludeCredentials?: PublicKeyCredentialDescriptorJSON[];
  authenticatorSelection?: {
    authenticatorAttachment?: 'platform' | 'cross-platform';
    residentKey?: 'discouraged' | 'preferred' | 'required';
    requireResidentKey?: boolean;
    userVerification?: 'discouraged' | 'preferred' | 'required';
  };
  attestation?: 'none' | 'indirect' | 'direct' | 'enterprise';
}

/** Options of `navigator.credentials.get()` as JSON. */
export interface PublicKeyCredentialRequestOptionsJSON {
  /** base64url challenge bytes. */
  challenge: string;
  timeout?: number;
  rpId?: string;
  allowCredentials?: PublicKeyCredentialDescriptorJSON[];
  userVerification?: 'discouraged' | 'preferred' | 'required';
}

/** What `create()` resolves with, as JSON. */
export interface RegistrationResponseJSON {
  id: string;
  rawId: string;
  type: 'public-key';
  response: {
    clientDataJSON: string;
    attestationObject: string;
    transports?: string[];
    [member: string]: unknown;
  };
  authenticatorAttachment?: string;
  clientExtensionResults?: object;
}

/** What `get()` resolves with, as JSON. */
export interface AuthenticationResponseJSON {
  id: string;
  rawId: string;
  type: 'public-key';
  response: {
    clientDataJSON: string;
    authenticatorData: string;
    signature: string;
    userHandle?: string | null;
  };
  authenticatorAttachment?: string;
  clientExtensionResults?: object;
}

/** Per-ceremony options. */
export interface WebAuthnCeremonyOptions {
  /** Aborts the ceremony (the prompt closes); the call then rejects with `ABORTED`. */
  signal?: AbortSignal;
  /**
   * `conditional` (`get()` only): no prompt; the browser offers the passkeys in the autofill of an
   * input whose `autocomplete` ends in `webauthn`, and the call waits until the person picks one
   * (WebAuthn Level 3 §5.1.4, `mediation: 'conditional'`).
   */
  mediation?: 'conditional';
}

/**
 * The browser's passkey ceremonies as a port. Implementations may reject with anything: the
 * flows translate every rejection with `identifyWebAuthnError` (docs/contributing.md §2.3).
 */
export interface WebAuthnPort {
  /** Whether this environment can run a WebAuthn ceremony at all. */
  isSupported(): Promise<boolean>;
  /**
   * Whether `get()` can run with `mediation: 'conditional'` (passkeys offered in autofill).
   * Optional: a port without it never offers autofill.
   */
  isConditionalMediationAvailable?(): Promise<boolean>;
  /** Runs a registration ceremony (`navigator.credentials.create()`). */
  create(
    options: PublicKeyCredentialCreationOptionsJSON,
    ceremony?: WebAuthnCeremonyOptions,
  ): Promise<RegistrationResponseJSON>;
  /** Runs an authentication ceremony (`navigator.credentials.get()`). */
  get(
    options: PublicKeyCredentialRequestOptionsJSON,
    ceremony?: WebAuthnCeremonyOptions,
  ): Promise<AuthenticationResponseJSON>;
}
