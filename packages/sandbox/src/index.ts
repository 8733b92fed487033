export { API_VERSION, createSandbox, MAX_BODY_BYTES } from './app.js';
export { ApiError } from './api-error.js';
export {
  DEFAULT_CLIENT_ID,
  DEFAULT_CLIENT_SECRET,
  resolveSandboxOptions,
  SandboxOptionsError,
} from './options.js';
export type { Sandbox } from './app.js';
export type { FieldError } from './api-error.js';
export type { ResolvedSandboxOptions, SandboxOptions } from './options.js';
