/**
 * The project's interop vectors (docs/protocol.md §16): test data kept in this package, next to
 * this file, so every package's tests can import them from `@wallet-auth/test-utils`.
 */
import vectors from './vectors/interop-vectors.json';

/** The whole vectors file. */
export const interopVectors = vectors;
