import * as core from '@wallet-auth/core';
import { describe, expect, it } from 'vitest';
import * as react from './index.js';

describe('public API of @wallet-auth/react', () => {
  it("given the main entry, should re-export every runtime value of the core's main entry, the same objects", () => {
    for (const [name, value] of Object.entries(core)) {
      expect(react, name).toHaveProperty(name);
      expect((react as Record<string, unknown>)[name], name).toBe(value);
    }
  });

  // 45 (was 78): `fr` lives at `@wallet-auth/react/locales/fr` with the other languages, which
  // leaves room for `TransactionStatus` and `useTransaction` (a transaction's state after execute).
  it('given the main entry, should export at most 45 runtime values of its own', () => {
    const own = Object.keys(react).filter((name) => !(name in core));
    expect(own.length).toBeLessThanOrEqual(45);
  });
});
