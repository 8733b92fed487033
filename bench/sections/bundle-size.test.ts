import { describe, expect, it } from 'vitest';
import { contributions, groupOf } from './bundle-size.js';

describe('groupOf', () => {
  it('given pnpm store paths, should name the npm package (scoped or not)', () => {
    expect(
      groupOf(
        '../../node_modules/.pnpm/@noble+curves@2.4.0/node_modules/@noble/curves/abstract/weierstrass.js',
      ),
    ).toBe('@noble/curves');
    expect(
      groupOf('../../node_modules/.pnpm/idb-keyval@6.3.0/node_modules/idb-keyval/dist/index.js'),
    ).toBe('idb-keyval');
  });

  it('given kit source paths, should name the package and its first folder', () => {
    expect(groupOf('../../packages/core/src/crypto/hpke.ts')).toBe('@wallet-auth/core crypto/');
    expect(groupOf('../../packages/core/src/index.ts')).toBe('@wallet-auth/core');
  });
});

describe('contributions', () => {
  it('should sum bytes per group over every output, drop empty groups and sort largest first', () => {
    const result = contributions({
      outputs: {
        'out/a.js': {
          inputs: {
            'node_modules/@hpke/core/esm/a.js': { bytesInOutput: 100 },
            'packages/core/src/keys/a.ts': { bytesInOutput: 40 },
            'packages/core/src/keys/types.ts': { bytesInOutput: 0 },
          },
        },
        'out/b.js': { inputs: { 'node_modules/@hpke/core/esm/b.js': { bytesInOutput: 20 } } },
      },
    });
    expect(result).toEqual([
      { group: '@hpke/core', minifiedBytes: 120 },
      { group: '@wallet-auth/core keys/', minifiedBytes: 40 },
    ]);
  });
});
