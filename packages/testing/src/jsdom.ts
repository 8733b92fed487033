/**
 * `@wallet-auth/testing/jsdom`: import it first in a jsdom test (or list it in Vitest's
 * `setupFiles`). Vitest's jsdom environment replaces the global `Uint8Array` and `ArrayBuffer`
 * with jsdom's own, whose instances Node's WebCrypto refuses ("not instance of ArrayBuffer"): the
 * kit's crypto then fails and a sign-in shows "Something went wrong." (`UNKNOWN`). This puts
 * Node's constructors back; `TextEncoder` is Node's, so its output carries them. Outside jsdom it
 * changes nothing.
 */
const sample = new TextEncoder().encode('x');
const NodeUint8Array = sample.constructor as typeof Uint8Array;
const NodeArrayBuffer = sample.buffer.constructor as typeof ArrayBuffer;
if (globalThis.Uint8Array !== NodeUint8Array) {
  globalThis.Uint8Array = NodeUint8Array;
  globalThis.ArrayBuffer = NodeArrayBuffer;
}
