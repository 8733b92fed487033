/**
 * Vitest's jsdom environment exposes jsdom's `Uint8Array` and `ArrayBuffer`, whose instances
 * Node's WebCrypto refuses ("not instance of ArrayBuffer"). Tests that run the real core crypto
 * against the emulator import this first to put Node's own constructors back; `TextEncoder` is
 * Node's, so its output carries them.
 */
const sample = new TextEncoder().encode('x');
const NodeUint8Array = sample.constructor as typeof Uint8Array;
const NodeArrayBuffer = sample.buffer.constructor as typeof ArrayBuffer;
if (globalThis.Uint8Array !== NodeUint8Array) {
  globalThis.Uint8Array = NodeUint8Array;
  globalThis.ArrayBuffer = NodeArrayBuffer;
}
