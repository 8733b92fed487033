/**
 * Server-side material for the browser crypto bench, made in the page with WebCrypto and the kit's
 * public encoders (never timed): an enclave key and a signed OTP target bundle (docs/protocol.md §4), a
 * verification-token-shaped payload (§6) and sealed session keys (§7) for a given client key.
 */
import type { ResolvedEnvironment } from '@wallet-auth/core';
import {
  bytesToBase64Url,
  bytesToHex,
  compressPublicKey,
  encodeBase58Check,
  hexToBytes,
  hpkeSeal,
  resolveEnvironment,
  signatureFromP1363,
  signatureToDerHex,
  utf8ToBytes,
} from '@wallet-auth/core/primitives';

const ECDSA = { name: 'ECDSA', namedCurve: 'P-256' } as const;

async function rawPublicHex(key: CryptoKey): Promise<string> {
  return bytesToHex(new Uint8Array(await crypto.subtle.exportKey('raw', key)));
}

/** An enclave with a pinned key, a bundle it signed, and the environment pinning it. */
export interface OtpFixture {
  bundle: string;
  environment: ResolvedEnvironment;
  /** A token shaped like the emulator's, with a `public_key` claim to bind. */
  tokenFor(publicKeyHex: string): string;
}

/** Makes the enclave key and one OTP target bundle (the recipient key is thrown away). */
export async function createOtpFixture(): Promise<OtpFixture> {
  const enclave = await crypto.subtle.generateKey(ECDSA, false, ['sign', 'verify']);
  const target = await crypto.subtle.generateKey(ECDSA, true, ['sign']);
  const data = utf8ToBytes(JSON.stringify({ targetPublic: await rawPublicHex(target.publicKey) }));
  const p1363 = new Uint8Array(
    await crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, enclave.privateKey, data),
  );
  const enclavePublic = await rawPublicHex(enclave.publicKey);
  const bundle = JSON.stringify({
    version: 'v1.0.0',
    data: bytesToHex(data),
    dataSignature: signatureToDerHex(signatureFromP1363(p1363)),
    enclaveQuorumPublic: enclavePublic,
  });
  const environment = resolveEnvironment({
    environment: 'sandbox',
    enclaveKeys: { otpSigner: enclavePublic },
  });
  const header = bytesToBase64Url(utf8ToBytes('{"alg":"ES256","typ":"JWT"}'));
  return {
    bundle,
    environment,
    tokenFor: (publicKeyHex) =>
      `${header}.${bytesToBase64Url(
        utf8ToBytes(
          JSON.stringify({
            id: crypto.randomUUID(),
            verification_type: 'OTP_TYPE_EMAIL',
            contact: 'ada@example.com',
            organization_id: 'bench-org',
            public_key: publicKeyHex,
            exp: String(Date.now() + 300_000),
          }),
        ),
      )}.${bytesToBase64Url(crypto.getRandomValues(new Uint8Array(64)))}`,
  };
}

/** A fresh session key sealed to `clientPublicKey` the way the service does (§7), and its pub33. */
export async function sealSessionKeyTo(
  clientPublicKey: string,
): Promise<{ sealed: string; sessionPublicKey: string }> {
  const session = await crypto.subtle.generateKey(ECDSA, true, ['sign']);
  const jwk = await crypto.subtle.exportKey('jwk', session.privateKey);
  const d = Uint8Array.from(atob((jwk.d ?? '').replace(/-/g, '+').replace(/_/g, '/')), (c) =>
    c.charCodeAt(0),
  );
  const { encappedPublicKey, ciphertext } = await hpkeSeal({
    recipientPublicKey: clientPublicKey,
    plaintext: d,
  });
  d.fill(0);
  const payload = new Uint8Array(33 + ciphertext.length);
  payload.set(hexToBytes(compressPublicKey(encappedPublicKey)));
  payload.set(ciphertext, 33);
  return {
    sealed: await encodeBase58Check(payload),
    sessionPublicKey: compressPublicKey(await rawPublicHex(session.publicKey)),
  };
}

/** An activity payload of the size a signed action stamps (≈ 300 bytes of sorted JSON). */
export function activityPayload(): string {
  return JSON.stringify({
    organizationId: 'bench-org',
    parameters: {
      apiKeyIds: [crypto.randomUUID()],
      userId: crypto.randomUUID(),
    },
    timestampMs: String(Date.now()),
    type: 'ACTIVITY_TYPE_DELETE_API_KEYS',
  });
}
