import { describe, expect, it } from 'vitest';
import { countRoundTrips } from './round-trips.js';

describe('countRoundTrips', () => {
  it('given the kit signing in through the proxy with OTP, passkey and OAuth, should send exactly the protocol minimum', async () => {
    const counts = await countRoundTrips();
    expect(counts.map((c) => [c.type, c.browserToProxy])).toEqual([
      ['EMAIL_OTP', 3],
      ['PASSKEY', 2],
      ['OAUTH', 1],
    ]);
    // OTP: challenge, verify (202), the signed retry (200).
    expect(counts[0]?.requests.map((r) => r.replace(/AuthMethod:[0-9a-f-]+/, '{id}'))).toEqual([
      'POST /auth/credentials/{id}/challenge → 200',
      'POST /auth/credentials/{id}/verify → 202',
      'POST /auth/credentials/{id}/verify → 200',
    ]);
    // The proxy's own calls to the service are counted beside, never fewer than the browser's.
    for (const count of counts) {
      expect(count.proxyToService).toBeGreaterThanOrEqual(count.browserToProxy);
    }
  });
});
