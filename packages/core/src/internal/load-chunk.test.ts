import { describe, expect, it } from 'vitest';
import { isRetryableErrorCode } from '../errors/error-codes.js';
import { loadChunk } from './load-chunk.js';

describe('loadChunk', () => {
  it('given a chunk that loads, should return its module', async () => {
    const module = await loadChunk(() => import('./bytes.js'));
    expect(module.concatBytes(new Uint8Array([1]), new Uint8Array([2]))).toEqual(
      new Uint8Array([1, 2]),
    );
  });

  it('given a chunk that fails to load, should reject with a retryable NETWORK_ERROR keeping the cause', async () => {
    const failure = new TypeError('Failed to fetch dynamically imported module: /assets/hpke.js');
    const error = await loadChunk(() => Promise.reject(failure)).catch((reason: unknown) => reason);
    expect(error).toMatchObject({ code: 'NETWORK_ERROR', cause: failure });
    expect(isRetryableErrorCode('NETWORK_ERROR')).toBe(true);
  });
});
