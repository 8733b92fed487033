/**
 * A software WebAuthn authenticator for tests (P-256 or RS256 keys, `none` or `packed`
 * attestation, real authenticatorData flags and signature counter, CBOR encoding). `create` and
 * `get` take the options the browser API takes and return the JSON the browser's
 * `PublicKeyCredential.toJSON()` would, so a kit can run its real code path against it.
 * Per-call `tamper` options mutate one field at a time for negative tests.
 */
import { p256 } from '@noble/curves/nist.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { concat, toBase64url, utf8 } from './bytes.js';
import { type CborInput, encodeCbor } from './cbor.js';
import { signDer } from './keys.js';
import { createAttestationKey, createTestCertificate } from './x509.js';

/** Options of {@link createSoftAuthenticator}. */
export interface SoftAuthenticatorOptions {
  /** The RP ID the authenticator hashes into authenticatorData. */
  rpId: string;
  /** The origin written into clientDataJSON. */
  origin: string;
  /** COSE algorithm of new credentials: -7 (ES256, default) or -257 (RS256). */
  algorithm?: -7 | -257;
  /** Counter increment per assertion; 0 mimics synced passkeys. @defaultValue 1 */
  counterStep?: number;
  /** `none` (default), `packed` self attestation, or `packed-x5c` with a test certificate. */
  attestation?: 'none' | 'packed' | 'packed-x5c';
  /** Set the BE (and BS) flags, like a synced passkey. @defaultValue false */
  backedUp?: boolean;
}

/** Mutations for negative tests, applied to one ceremony. */
export interface SoftAuthenticatorTamper {
  origin?: string;
  type?: string;
  rpId?: string;
  challenge?: string;
  crossOrigin?: boolean;
  topOrigin?: string;
  flags?: Partial<{ up: boolean; uv: boolean; be: boolean; bs: boolean }>;
  signCount?: number;
  highS?: boolean;
  /** Raw id reported in `id`/`rawId` instead of the credential's. */
  credentialId?: Uint8Array;
  /** Prefix clientDataJSON with a UTF-8 BOM. */
  bom?: boolean;
  /** Replace the credential id inside authenticatorData (create only). */
  attestedCredentialId?: Uint8Array;
  /** Replace the COSE algorithm written in the credential key (create only). */
  coseAlgorithm?: number;
}

/** The credential store entry of one created passkey. */
export interface SoftCredential {
  id: Uint8Array;
  userHandle: Uint8Array | undefined;
  signCount: number;
  algorithm: -7 | -257;
  privateKey: Uint8Array | CryptoKey;
  cose: Map<number, CborInput>;
}

type Bytes = Uint8Array | ArrayBuffer;

function bytesOf(value: Bytes): Uint8Array {
  return value instanceof Uint8Array ? value : new Uint8Array(value);
}

/** Browser-like creation options (the subset a test needs). */
export interface SoftCreateOptions {
  challenge: Bytes;
  rp?: { id?: string; name?: string };
  user?: { id: Bytes; name?: string; displayName?: string };
  tamper?: SoftAuthenticatorTamper;
}

/** Browser-like request options. */
export interface SoftGetOptions {
  challenge: Bytes;
  rpId?: string;
  allowCredentials?: { type: 'public-key'; id: Bytes }[];
  userVerification?: 'required' | 'preferred' | 'discouraged';
  tamper?: SoftAuthenticatorTamper;
}

/** `RegistrationResponseJSON`. */
export interface SoftRegistrationJSON {
  id: string;
  rawId: string;
  type: 'public-key';
  authenticatorAttachment: 'platform';
  clientExtensionResults: Record<string, never>;
  response: { clientDataJSON: string; attestationObject: string; transports: string[] };
}

/** `AuthenticationResponseJSON`. */
export interface SoftAuthenticationJSON {
  id: string;
  rawId: string;
  type: 'public-key';
  authenticatorAttachment: 'platform';
  clientExtensionResults: Record<string, never>;
  response: {
    clientDataJSON: string;
    authenticatorData: string;
    signature: string;
    userHandle?: string;
  };
}

/** A software authenticator. */
export interface SoftAuthenticator {
  create: (options: SoftCreateOptions) => Promise<SoftRegistrationJSON>;
  get: (options: SoftGetOptions) => Promise<SoftAuthenticationJSON>;
  /** Credentials created so far. */
  readonly credentials: readonly SoftCredential[];
}

function flagsByte(flags: {
  up: boolean;
  uv: boolean;
  be: boolean;
  bs: boolean;
  at: boolean;
}): number {
  return (
    (flags.up ? 0x01 : 0) |
    (flags.uv ? 0x04 : 0) |
    (flags.be ? 0x08 : 0) |
    (flags.bs ? 0x10 : 0) |
    (flags.at ? 0x40 : 0)
  );
}

function clientData(
  kind: 'webauthn.create' | 'webauthn.get',
  challenge: Uint8Array,
  origin: string,
  tamper: SoftAuthenticatorTamper,
): Uint8Array {
  const json = JSON.stringify({
    type: tamper.type ?? kind,
    challenge: tamper.challenge ?? toBase64url(challenge),
    origin: tamper.origin ?? origin,
    crossOrigin: tamper.crossOrigin ?? false,
    ...(tamper.topOrigin === undefined ? {} : { topOrigin: tamper.topOrigin }),
  });
  return tamper.bom ? concat(Uint8Array.of(0xef, 0xbb, 0xbf), utf8(json)) : utf8(json);
}

async function newKey(
  algorithm: -7 | -257,
): Promise<{ privateKey: Uint8Array | CryptoKey; cose: Map<number, CborInput> }> {
  if (algorithm === -7) {
    const privateKey = p256.utils.randomSecretKey();
    const point = p256.getPublicKey(privateKey, false);
    const cose = new Map<number, CborInput>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, point.slice(1, 33)],
      [-3, point.slice(33)],
    ]);
    return { privateKey, cose };
  }
  const pair = await crypto.subtle.generateKey(
    {
      name: 'RSASSA-PKCS1-v1_5',
      modulusLength: 2048,
      publicExponent: Uint8Array.of(1, 0, 1),
      hash: 'SHA-256',
    },
    true,
    ['sign', 'verify'],
  );
  const jwk = await crypto.subtle.exportKey('jwk', pair.publicKey);
  const decode = (b64: string) =>
    Uint8Array.from(atob(b64.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
  const cose = new Map<number, CborInput>([
    [1, 3],
    [3, -257],
    [-1, decode(jwk.n!)],
    [-2, decode(jwk.e!)],
  ]);
  return { privateKey: pair.privateKey, cose };
}

async function signWith(
  credential: SoftCredential,
  data: Uint8Array,
  highS: boolean,
): Promise<Uint8Array> {
  if (credential.privateKey instanceof Uint8Array) {
    return signDer(data, credential.privateKey, { highS });
  }
  return new Uint8Array(
    await crypto.subtle.sign('RSASSA-PKCS1-v1_5', credential.privateKey, data.slice()),
  );
}

/**
 * Creates a software authenticator bound to `rpId` and `origin`.
 *
 * @example
 * const authenticator = createSoftAuthenticator({ rpId: 'localhost', origin: 'http://localhost:5173' });
 * const attestation = await authenticator.create({ challenge: crypto.getRandomValues(new Uint8Array(32)) });
 */
export function createSoftAuthenticator(options: SoftAuthenticatorOptions): SoftAuthenticator {
  const credentials: SoftCredential[] = [];
  const backedUp = options.backedUp ?? false;

  function authData(
    rpId: string,
    flags: { up: boolean; uv: boolean; be: boolean; bs: boolean; at: boolean },
    signCount: number,
    attested?: Uint8Array,
  ): Uint8Array {
    const counter = new Uint8Array(4);
    new DataView(counter.buffer).setUint32(0, signCount >>> 0);
    return concat(
      sha256(utf8(rpId)),
      Uint8Array.of(flagsByte(flags)),
      counter,
      attested ?? new Uint8Array(0),
    );
  }

  return {
    credentials,
    async create(create) {
      const tamper = create.tamper ?? {};
      const algorithm = options.algorithm ?? -7;
      const { privateKey, cose } = await newKey(algorithm);
      if (tamper.coseAlgorithm !== undefined) {
        cose.set(3, tamper.coseAlgorithm);
      }
      const id = crypto.getRandomValues(new Uint8Array(32));
      const credential: SoftCredential = {
        id,
        userHandle: create.user === undefined ? undefined : bytesOf(create.user.id),
        signCount: 0,
        algorithm,
        privateKey,
        cose,
      };
      const attestedId = tamper.attestedCredentialId ?? id;
      const idLength = Uint8Array.of(attestedId.length >> 8, attestedId.length & 0xff);
      const attested = concat(new Uint8Array(16), idLength, attestedId, encodeCbor(cose));
      const flags = { up: true, uv: true, be: backedUp, bs: backedUp, at: true, ...tamper.flags };
      const data = authData(
        tamper.rpId ?? create.rp?.id ?? options.rpId,
        flags,
        tamper.signCount ?? 0,
        attested,
      );
      const clientDataBytes = clientData(
        'webauthn.create',
        bytesOf(create.challenge),
        options.origin,
        tamper,
      );
      const format = options.attestation ?? 'none';
      let attStmt: Map<string, CborInput> = new Map();
      if (format !== 'none') {
        const signed = concat(data, sha256(clientDataBytes));
        if (format === 'packed') {
          attStmt = new Map<string, CborInput>([
            ['alg', algorithm],
            ['sig', await signWith(credential, signed, false)],
          ]);
        } else {
          const attestationKey = createAttestationKey();
          const issuer = createAttestationKey();
          attStmt = new Map<string, CborInput>([
            ['alg', -7],
            ['sig', signDer(signed, attestationKey.privateKey)],
            ['x5c', [createTestCertificate(attestationKey.publicKey, issuer.privateKey)]],
          ]);
        }
      }
      const attestationObject = encodeCbor(
        new Map<string, CborInput>([
          ['fmt', format === 'none' ? 'none' : 'packed'],
          ['attStmt', attStmt],
          ['authData', data],
        ]),
      );
      credentials.push(credential);
      const reportedId = toBase64url(tamper.credentialId ?? id);
      return {
        id: reportedId,
        rawId: reportedId,
        type: 'public-key',
        authenticatorAttachment: 'platform',
        clientExtensionResults: {},
        response: {
          clientDataJSON: toBase64url(clientDataBytes),
          attestationObject: toBase64url(attestationObject),
          transports: ['internal'],
        },
      };
    },
    async get(get) {
      const tamper = get.tamper ?? {};
      const allowed = get.allowCredentials?.map((entry) => toBase64url(bytesOf(entry.id)));
      const credential = credentials.find(
        (c) => allowed === undefined || allowed.includes(toBase64url(c.id)),
      );
      if (credential === undefined) {
        throw new DOMException('No credential matches allowCredentials', 'NotAllowedError');
      }
      const step = options.counterStep ?? 1;
      credential.signCount += step;
      const flags = { up: true, uv: true, be: backedUp, bs: backedUp, at: false, ...tamper.flags };
      const data = authData(
        tamper.rpId ?? get.rpId ?? options.rpId,
        flags,
        tamper.signCount ?? credential.signCount,
      );
      const clientDataBytes = clientData(
        'webauthn.get',
        bytesOf(get.challenge),
        options.origin,
        tamper,
      );
      const signature = await signWith(
        credential,
        concat(data, sha256(clientDataBytes)),
        tamper.highS ?? false,
      );
      const reportedId = toBase64url(tamper.credentialId ?? credential.id);
      return {
        id: reportedId,
        rawId: reportedId,
        type: 'public-key',
        authenticatorAttachment: 'platform',
        clientExtensionResults: {},
        response: {
          clientDataJSON: toBase64url(clientDataBytes),
          authenticatorData: toBase64url(data),
          signature: toBase64url(signature),
          ...(credential.userHandle === undefined
            ? {}
            : { userHandle: toBase64url(credential.userHandle) }),
        },
      };
    },
  };
}
