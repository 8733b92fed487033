/** Thrown by `resolveSandboxOptions` for an unknown or mistyped option (wire-format §14). */
export class SandboxOptionsError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SandboxOptionsError';
  }
}
