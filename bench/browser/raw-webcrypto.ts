/**
 * The floor of section 2: the raw WebCrypto operations a sign-in cannot avoid, each timed alone
 * with keys and inputs made beforehand.
 */

/** One raw operation to time. */
export interface RawOperation {
  name: string;
  run: () => Promise<unknown>;
}

/** Names of the raw operations, used by the report to add up each sign-in's floor. */
export const RAW = {
  ecdsaKeygen: 'ECDSA P-256 keygen',
  ecdhKeygen: 'ECDH P-256 keygen',
  ecdsaSign: 'ECDSA P-256 sign (300 B)',
  ecdsaVerify: 'ECDSA P-256 verify (300 B)',
  ecdhDerive: 'ECDH P-256 deriveBits',
  hkdf: 'HKDF-SHA-256 import + deriveBits',
  aesEncrypt: 'AES-256-GCM encrypt (128 B)',
  aesDecrypt: 'AES-256-GCM decrypt (48 B)',
  ecdsaImport: 'ECDSA P-256 private key import (JWK)',
  sha256: 'SHA-256 (130 B)',
} as const;

/** Prepares keys and inputs, then returns the operations. */
export async function rawOperations(): Promise<RawOperation[]> {
  const subtle = crypto.subtle;
  const ecdsa = { name: 'ECDSA', namedCurve: 'P-256' } as const;
  const ecdh = { name: 'ECDH', namedCurve: 'P-256' } as const;
  const signing = await subtle.generateKey(ecdsa, false, ['sign', 'verify']);
  const exportable = await subtle.generateKey(ecdsa, true, ['sign']);
  const jwk = await subtle.exportKey('jwk', exportable.privateKey);
  const mine = await subtle.generateKey(ecdh, false, ['deriveBits']);
  const theirs = await subtle.generateKey(ecdh, false, ['deriveBits']);
  const message = crypto.getRandomValues(new Uint8Array(300));
  const signature = await subtle.sign(
    { name: 'ECDSA', hash: 'SHA-256' },
    signing.privateKey,
    message,
  );
  const aes = await subtle.importKey(
    'raw',
    crypto.getRandomValues(new Uint8Array(32)),
    'AES-GCM',
    false,
    ['encrypt', 'decrypt'],
  );
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = await subtle.encrypt(
    { name: 'AES-GCM', iv },
    aes,
    crypto.getRandomValues(new Uint8Array(32)),
  );
  const plaintext = crypto.getRandomValues(new Uint8Array(128));
  const ikm = crypto.getRandomValues(new Uint8Array(32));
  const digestInput = crypto.getRandomValues(new Uint8Array(130));
  return [
    { name: RAW.ecdsaKeygen, run: () => subtle.generateKey(ecdsa, false, ['sign', 'verify']) },
    { name: RAW.ecdhKeygen, run: () => subtle.generateKey(ecdh, false, ['deriveBits']) },
    {
      name: RAW.ecdsaSign,
      run: () => subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, signing.privateKey, message),
    },
    {
      name: RAW.ecdsaVerify,
      run: () =>
        subtle.verify({ name: 'ECDSA', hash: 'SHA-256' }, signing.publicKey, signature, message),
    },
    {
      name: RAW.ecdhDerive,
      run: () =>
        subtle.deriveBits({ name: 'ECDH', public: theirs.publicKey }, mine.privateKey, 256),
    },
    {
      name: RAW.hkdf,
      run: async () => {
        const key = await subtle.importKey('raw', ikm, 'HKDF', false, ['deriveBits']);
        return subtle.deriveBits(
          { name: 'HKDF', hash: 'SHA-256', salt: new Uint8Array(32), info: new Uint8Array(16) },
          key,
          256,
        );
      },
    },
    { name: RAW.aesEncrypt, run: () => subtle.encrypt({ name: 'AES-GCM', iv }, aes, plaintext) },
    { name: RAW.aesDecrypt, run: () => subtle.decrypt({ name: 'AES-GCM', iv }, aes, sealed) },
    { name: RAW.ecdsaImport, run: () => subtle.importKey('jwk', jwk, ecdsa, false, ['sign']) },
    { name: RAW.sha256, run: () => subtle.digest('SHA-256', digestInput) },
  ];
}

/** Raw operations each sign-in needs at least (HPKE's key schedule counted as one HKDF). */
export const FLOORS: Record<'OTP' | 'OAuth' | 'Passkey' | 'Stamp', readonly string[]> = {
  OTP: [
    RAW.ecdsaVerify,
    RAW.ecdsaKeygen,
    RAW.ecdhKeygen,
    RAW.ecdhDerive,
    RAW.hkdf,
    RAW.aesEncrypt,
    RAW.ecdsaSign,
  ],
  OAuth: [RAW.ecdhKeygen, RAW.sha256, RAW.ecdhDerive, RAW.hkdf, RAW.aesDecrypt, RAW.ecdsaImport],
  Passkey: [RAW.ecdhKeygen, RAW.ecdhDerive, RAW.hkdf, RAW.aesDecrypt, RAW.ecdsaImport],
  Stamp: [RAW.ecdsaSign],
};
