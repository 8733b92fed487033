/**
 * Catalogue row BFF-49: a `trustedProxies` set that covers too much of the address space (split
 * halves, quarters, a public /8) would let any client choose its address for the limits; the
 * proxy refuses it at start, naming the option, and counts nested, repeated and private ranges
 * as what they are.
 */
import { describe, expect, it } from 'vitest';
import { createProxy } from '../create-proxy.js';
import { createNodeMiddleware } from '../node.js';
import { ProxyConfigError } from '../options.js';
import {
  CLIENT_ID,
  CLIENT_SECRET,
  createHarness,
  ORIGIN,
  PROXY_URL,
} from '../testing/proxy-harness.js';

const options = {
  upstream: {
    baseUrl: 'http://127.0.0.1:8787/2025-10-13',
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
  },
  allowedOrigins: [ORIGIN],
  resolveUser: async () => null,
};

const sixteenth = (count: number) =>
  Array.from({ length: count }, (_, index) => `198.${index}.0.0/20`);

describe('trustedProxies cover a bounded share of the address space (BFF-49)', () => {
  it.each([
    [['0.0.0.0/1', '128.0.0.0/1'], 'IPv4', '1/1'],
    [['::/1', '8000::/1'], 'IPv6', '1/1'],
    [['0.0.0.0/2', '64.0.0.0/2', '128.0.0.0/2', '192.0.0.0/2'], 'IPv4', '1/1'],
    [['0.0.0.0/1'], 'IPv4', '1/2'],
    [['1.0.0.0/8'], 'IPv4', '1/256'],
    [['10.0.0.0/8', '11.0.0.0/8'], 'IPv4', '1/256'],
    [['2000::/3'], 'IPv6', '1/8'],
    [['::ffff:0.0.0.0/97'], 'IPv4', '1/2'],
    [[...sixteenth(16), '198.200.0.0/20'], 'IPv4', '1/61681'],
  ])(
    'BFF-49: given trustedProxies %j, should refuse to start naming trustedProxiesMaxShare and the %s share',
    (trusted, family, share) => {
      const start = () => createProxy({ ...options, trustedProxies: trusted });
      expect(start).toThrow(ProxyConfigError);
      expect(start).toThrow(
        /trustedProxies cover .* more than trustedProxiesMaxShare \(1\/65536\)/,
      );
      expect(start).toThrow(`${family} address space`);
      if (share !== '1/1') {
        expect(start).toThrow(`cover ${share} of`);
      }
      // The Node middleware validates the same way.
      expect(() => createNodeMiddleware({ ...options, trustedProxies: trusted })).toThrow(
        /trustedProxiesMaxShare/,
      );
    },
  );

  it('BFF-49: given private, CGNAT, loopback and link-local ranges, nested or repeated blocks, or exactly the allowed share, should start', () => {
    const accepted = [
      ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', '100.64.0.0/10', '127.0.0.0/8'],
      ['169.254.0.0/16', '::1', 'fc00::/7', 'fe80::/10', 'fd00::/8'],
      ['203.0.113.0/24', '203.0.113.0/25', '203.0.113.0/24', '203.0.113.7'],
      sixteenth(16), // sixteen /20s: exactly one /16
      ['2001:db8::/16'],
    ];
    for (const trusted of accepted) {
      expect(() => createProxy({ ...options, trustedProxies: trusted })).not.toThrow();
    }
  });

  it("BFF-49: given a CDN's edge ranges, should start only once trustedProxiesMaxShare is raised, and refuse a share that is not in (0, 1)", () => {
    const edge = ['104.16.0.0/13', '172.64.0.0/13', '2400:cb00::/32'];
    expect(() => createProxy({ ...options, trustedProxies: edge })).toThrow(
      /cover 1\/4096 of the IPv4 .* raise trustedProxiesMaxShare/,
    );
    expect(() =>
      createProxy({ ...options, trustedProxies: edge, trustedProxiesMaxShare: 1 / 1024 }),
    ).not.toThrow();
    for (const share of [0, 1, -1, Number.NaN, '1/1024']) {
      expect(() =>
        createProxy({ ...options, trustedProxies: edge, trustedProxiesMaxShare: share as number }),
      ).toThrow(/trustedProxiesMaxShare must be a number between 0 and 1/);
    }
    expect(() =>
      createProxy({ ...options, clientAddress: () => undefined, trustedProxiesMaxShare: 0.001 }),
    ).toThrow(/either clientAddress or trustedProxies/);
  });

  it('BFF-49: given 12 sign-ins from one public peer under 12 forged X-Forwarded-For addresses and the widest accepted set, should pass 5 and refuse 7', async () => {
    const harness = createHarness({
      proxy: {
        trustedProxies: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', ...sixteenth(16)],
        rateLimit: { signInPerAddressPerMinute: 5 },
      },
    });
    const statuses: number[] = [];
    for (let index = 0; index < 12; index++) {
      const response = await harness.proxy.fetch(
        new Request(`${PROXY_URL}/session`, {
          method: 'POST',
          headers: {
            Origin: ORIGIN,
            'Content-Type': 'application/json',
            'X-Forwarded-For': `203.0.113.${index}`,
          },
          body: JSON.stringify({ email: `forger${index}@example.com` }),
        }),
        { remoteAddress: '198.51.100.77' },
      );
      statuses.push(response.status);
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(5);
    expect(statuses.slice(5).every((status) => status === 429)).toBe(true);
  });
});
