/**
 * Who signed a signed retry (docs/protocol.md §2, §14): a parsed stamp whose key is then checked
 * against the route's signer rule, or the legacy constant when `acceptLegacyMagicValues` is on.
 */
import type { SandboxContext } from '../context.js';
import { utf8 } from '../crypto/encoding.js';
import type { P256Point } from '../crypto/p256.js';
import { parseStamp } from '../crypto/stamp.js';
import { LEGACY_SIGNATURE } from '../magic-values.js';

/** Who signed an accepted retry: a verified key, or the legacy constant (§14). */
export type Signer = { legacy: true } | { legacy: false; publicKey: P256Point };

/** The signer of a header value, or `undefined` when it is not a stamp (→ `_MALFORMED`). */
export function resolveSigner(ctx: SandboxContext, value: string): Signer | undefined {
  if (value === LEGACY_SIGNATURE && ctx.options.acceptLegacyMagicValues) {
    return { legacy: true };
  }
  const stamp = parseStamp(value, ctx.options.crypto.parsePoint);
  return stamp === undefined ? undefined : { legacy: false, publicKey: stamp.publicKey };
}

/** True when the header value is a stamp whose signature verifies over `payload` (§2). */
export async function signatureVerifies(
  ctx: SandboxContext,
  value: string,
  payload: string,
): Promise<boolean> {
  const stamp = parseStamp(value, ctx.options.crypto.parsePoint);
  return (
    stamp !== undefined &&
    (await ctx.options.crypto.verify(stamp.signature, utf8(payload), stamp.publicKey))
  );
}
