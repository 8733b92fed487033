/**
 * Node-only entry `@wallet-auth/sandbox/node`: the native crypto backend to pass as
 * `createSandbox({ crypto: nodeSandboxCrypto })` (same bytes as the portable default, ~10× cheaper).
 */
export type { SandboxCrypto } from './crypto/backend.js';
export { nodeSandboxCrypto } from './crypto/node-crypto.js';
