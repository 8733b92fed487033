import type { ServiceExchange } from '@wallet-auth/core';
import { describe, expect, it, vi } from 'vitest';
import { createWalletAuthDevtools, REDACTED, redactPath } from './devtools-store.js';

function exchange(overrides: Partial<ServiceExchange> = {}): ServiceExchange {
  return {
    method: 'POST',
    path: '/auth/credentials/AuthMethod:0f8fad5b-d9cb-469f-a165-70867728950e/verify',
    status: 200,
    requestId: undefined,
    signature: undefined,
    challengeRequestId: undefined,
    processing: false,
    errorCode: undefined,
    durationMs: 12,
    ...overrides,
  };
}

describe('redactPath', () => {
  it('given resource words and typed ids, should keep them', () => {
    expect(redactPath('/internal-accounts/InternalAccount:9b2e-11/export')).toBe(
      '/internal-accounts/InternalAccount:9b2e-11/export',
    );
  });

  it('given a token, a key or anything unexpected in a segment, should mask that segment', () => {
    const jwt = 'eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiJhZGEifQ.c2lnbmF0dXJl';
    expect(redactPath(`/auth/${jwt}/verify`)).toBe(`/auth/${REDACTED}/verify`);
    expect(redactPath(`/keys/${'ab'.repeat(33)}`)).toBe(`/keys/${REDACTED}`);
    expect(redactPath('/auth/<script>')).toBe(`/auth/${REDACTED}`);
    expect(redactPath('/Quote:../../x')).toBe(`/${REDACTED}/${REDACTED}/x`);
  });
});

describe('createWalletAuthDevtools', () => {
  it('given a stamped exchange, should keep that it was signed and never the stamp', () => {
    const store = createWalletAuthDevtools({ now: () => 1_000 });
    const stamp = 'eyJwdWJsaWNLZXkiOiIwMmFiIiwic2lnbmF0dXJlIjoiMzA0NCJ9';
    store.onExchange(exchange({ signature: stamp, requestId: 'Request:6f1c-4a' }));
    const [entry] = store.getSnapshot().exchanges;
    expect(entry).toMatchObject({ id: 1, at: 1_000, signed: true, requestId: 'Request:6f1c-4a' });
    expect(JSON.stringify(store.getSnapshot())).not.toContain(stamp.slice(0, 8));
  });

  it('given ids and codes that are not the service’s shapes, should mask them', () => {
    const store = createWalletAuthDevtools();
    store.onExchange(
      exchange({
        requestId: 'secret value',
        challengeRequestId: 'x'.repeat(200),
        errorCode: 'a b',
      }),
    );
    expect(store.getSnapshot().exchanges[0]).toMatchObject({
      requestId: REDACTED,
      challengeRequestId: REDACTED,
      errorCode: REDACTED,
    });
  });

  it('given more exchanges than it keeps, should keep the newest first and notify each time', () => {
    const store = createWalletAuthDevtools({ maxExchanges: 2 });
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    for (const status of [200, 201, 204]) {
      store.onExchange(exchange({ status }));
    }
    expect(store.getSnapshot().exchanges.map((entry) => entry.status)).toEqual([204, 201]);
    expect(listener).toHaveBeenCalledTimes(3);
    store.clear();
    expect(store.getSnapshot().exchanges).toEqual([]);
    unsubscribe();
    store.onExchange(exchange());
    expect(listener).toHaveBeenCalledTimes(4);
  });
});
