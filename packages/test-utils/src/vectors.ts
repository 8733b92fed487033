/**
 * The project's interop vectors (wire-format §16), a copy of `../shared/vectors/interop-vectors.json`
 * kept here so every package's tests can import them from `@wallet-auth/test-utils`.
 */
import vectors from './vectors/interop-vectors.json';

/** The whole vectors file. */
export const interopVectors = vectors;
