/** Thrown by `resolveSandboxOptions` for an unknown or mistyped option (docs/protocol.md §14). */
export class SandboxOptionsError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SandboxOptionsError';
  }
}
