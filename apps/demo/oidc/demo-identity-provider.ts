/**
 * A small OpenID provider for the demo, so "add an OAuth identity" works offline: a sign-in page
 * under `/__sandbox/oidc/` mints real ES256 ID tokens carrying the nonce the kit asked for. The
 * emulator is configured with this issuer and its key set (`oidcIssuers`, `oidcJwks`), so it
 * verifies the signatures as the service verifies a real provider's.
 */
import { exportJWK, generateKeyPair, SignJWT } from 'jose';

export interface DemoIdentityProvider {
  issuer: string;
  audience: string;
  /** The emulator options that make it trust this provider. */
  sandboxOptions: {
    oidcIssuers: string[];
    oidcJwks: Record<string, { keys: Record<string, unknown>[] }>;
  };
  /** Mints an ID token for the person who signed in on the provider's page. */
  mint(input: { email: string; name: string; nonce: string; nowSeconds: number }): Promise<string>;
}

async function subjectOf(email: string): Promise<string> {
  const digest = await crypto.subtle.digest(
    'SHA-256',
    new TextEncoder().encode(email.trim().toLowerCase()),
  );
  return Array.from(new Uint8Array(digest).slice(0, 12), (b) =>
    b.toString(16).padStart(2, '0'),
  ).join('');
}

/** Creates the provider with a fresh signing key (one per demo process). */
export async function createDemoIdentityProvider(origin: string): Promise<DemoIdentityProvider> {
  const issuer = `${origin}/__sandbox/oidc`;
  const audience = 'wallet-auth-demo';
  const { privateKey, publicKey } = await generateKeyPair('ES256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'demo-1', alg: 'ES256', use: 'sig' };
  return {
    issuer,
    audience,
    sandboxOptions: { oidcIssuers: [issuer], oidcJwks: { [issuer]: { keys: [jwk] } } },
    async mint({ email, name, nonce, nowSeconds }) {
      return new SignJWT({ email, email_verified: true, name, nonce })
        .setProtectedHeader({ alg: 'ES256', kid: 'demo-1', typ: 'JWT' })
        .setIssuer(issuer)
        .setAudience(audience)
        .setSubject(await subjectOf(email))
        .setIssuedAt(nowSeconds)
        .setExpirationTime(nowSeconds + 600)
        .sign(privateKey);
    },
  };
}
