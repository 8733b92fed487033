/**
 * `clientPublicKey` (docs/protocol.md §15): pub65 selects the sealed session key (§7), pub33 the
 * client-held key; the exact string sent is kept because the OAuth nonce hashes it (§10).
 */
import {
  type P256Point,
  PUB65_PATTERN,
  PUBLIC_KEY_PATTERN_TEXT,
  parsePoint,
} from '../crypto/p256.js';
import type { FieldErrors } from '../http/fields.js';

/** A validated client key. */
export interface ClientKey {
  /** Exactly as sent (case preserved). */
  text: string;
  point: P256Point;
  form: 'pub65' | 'pub33';
}

/**
 * Reads `clientPublicKey` from `body`, recording a FieldError when it is missing, not matching
 * the pattern, or not a point; `pub65Only` (export, §8) also rejects pub33.
 */
export function readClientKey(
  fields: FieldErrors,
  body: Record<string, unknown>,
  options: { pub65Only?: boolean } = {},
): ClientKey | undefined {
  const text = fields.string(body, 'clientPublicKey', {
    required: true,
    pattern: options.pub65Only ? PUB65_PATTERN : new RegExp(PUBLIC_KEY_PATTERN_TEXT),
    patternText: options.pub65Only ? PUB65_PATTERN.source : PUBLIC_KEY_PATTERN_TEXT,
    message: options.pub65Only
      ? 'Must be an uncompressed hex P-256 public key'
      : 'Must be a hex P-256 public key',
  });
  if (text === undefined) {
    return undefined;
  }
  const point = parsePoint(text);
  if (point === undefined) {
    fields.add('clientPublicKey', 'Is not a point on P-256');
    return undefined;
  }
  return { text, point, form: PUB65_PATTERN.test(text) ? 'pub65' : 'pub33' };
}
