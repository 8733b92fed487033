declare const process: { env: { NODE_ENV?: string } } | undefined;

/**
 * True outside production builds. Bundlers replace `process.env.NODE_ENV`; without one the
 * `typeof` guard keeps plain browser ESM from throwing.
 */
export function isDevelopment(): boolean {
  return typeof process !== 'undefined' && process.env.NODE_ENV !== 'production';
}
