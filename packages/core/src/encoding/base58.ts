/**
 * @scure/base's base58 (Bitcoin alphabet), alone in a module so that `base58check.ts` loads it on
 * demand without the library's other codecs.
 */
export { base58 } from '@scure/base';
