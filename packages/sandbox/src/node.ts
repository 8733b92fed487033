/**
 * Node-only entry `@wallet-auth/sandbox/node`: the native crypto backend to pass as
 * `createSandbox({ crypto: nodeSandboxCrypto })` (same bytes as the portable default, ~10× cheaper),
 * and `startSandboxServer`, the emulator on Node's HTTP server.
 */
export type { SandboxCrypto } from './crypto/backend.js';
export { nodeSandboxCrypto } from './crypto/node-crypto.js';
export {
  type RunningSandbox,
  type StartSandboxServerOptions,
  startSandboxServer,
} from './node-server.js';
