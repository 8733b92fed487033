/** RFC 4648 §5 base64url without padding, runtime-agnostic (no Node `Buffer`). */
export function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) {
    binary += String.fromCharCode(byte);
  }
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Decodes canonical unpadded base64url; `undefined` for any other alphabet, length or spelling. */
export function fromBase64Url(text: string): Uint8Array<ArrayBuffer> | undefined {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) {
    return undefined;
  }
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  // Canonical only: unused trailing bits must be zero, so one value has one spelling.
  return toBase64Url(bytes) === text ? bytes : undefined;
}
