import { describe, expect, it } from 'vitest';
import * as main from './index.js';
import * as primitives from './primitives.js';

describe('public API of @wallet-auth/core', () => {
  it('given the main entry, should export at most 45 runtime values: the client, the flows, the wallet actions and the errors', () => {
    const values = Object.keys(main);
    expect(values.length).toBeLessThanOrEqual(45);
    expect(values).toEqual(
      expect.arrayContaining([
        'createWalletAuthClient',
        'createOtpLoginFlow',
        'createPasskeyLoginFlow',
        'createOAuthLoginFlow',
        'WalletAuthError',
        'isWalletAuthError',
      ]),
    );
  });

  it('given the two entries, should export no value from both (a building block lives in primitives only)', () => {
    const shared = Object.keys(primitives).filter((name) => name in main);
    expect(shared).toEqual([]);
  });
});
