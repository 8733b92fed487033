import { Aes256Gcm, CipherSuite, DhkemP256HkdfSha256, HkdfSha256 } from '@hpke/core';

/**
 * The one HPKE suite of wire-format §3, fixed in code and never read from a bundle: base mode,
 * DHKEM(P-256, HKDF-SHA256), HKDF-SHA256, AES-256-GCM. Its own module so that `hpke.ts` loads
 * @hpke/core on demand with only these parts bundled.
 */
export function createHpkeSuite(): CipherSuite {
  return new CipherSuite({
    kem: new DhkemP256HkdfSha256(),
    kdf: new HkdfSha256(),
    aead: new Aes256Gcm(),
  });
}
