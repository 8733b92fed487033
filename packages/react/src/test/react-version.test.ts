import { version } from 'react';
import { version as domVersion } from 'react-dom';
import { describe, expect, it } from 'vitest';

/**
 * The `react` project runs these tests on React 19 and the `react18` project on React 18 (the peer
 * range is ^18.2.0 || ^19.0.0): this proves which one each run really loaded.
 */
describe('React version under test', () => {
  it('given the project, should load the React major it names, with the matching react-dom', () => {
    const expected = process.env.WALLET_AUTH_REACT_MAJOR;
    expect(expected).toMatch(/^(18|19)$/);
    expect(version.split('.')[0]).toBe(expected);
    expect(domVersion).toBe(version);
  });
});
