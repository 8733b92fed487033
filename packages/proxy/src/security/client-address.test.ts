import { describe, expect, it } from 'vitest';
import { createClientAddressResolver, formatIp, parseIp, parseRange } from './client-address.js';

const headers = (values: Record<string, string>) => new Headers(values);

describe('client address', () => {
  it('should parse IPv4, IPv6, IPv4-mapped, bracketed and ported forms to one canonical text', () => {
    const canonical = (text: string) => {
      const bytes = parseIp(text);
      return bytes === undefined ? undefined : formatIp(bytes);
    };
    expect(canonical('203.0.113.7')).toBe('203.0.113.7');
    expect(canonical('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(canonical('[2001:db8::1]:443')).toBe('2001:db8:0:0:0:0:0:1');
    expect(canonical('203.0.113.7:8080')).toBe('203.0.113.7');
    expect(canonical('fe80::1%eth0')).toBe('fe80:0:0:0:0:0:0:1');
    for (const bad of [
      '',
      'unknown',
      '256.1.1.1',
      '1.2.3',
      '01.2.3.4',
      '1::2::3',
      '_hidden',
      '2001:db8::g',
    ]) {
      expect(canonical(bad)).toBeUndefined();
    }
    expect(parseRange('10.0.0.0/33')).toBeUndefined();
    expect(parseRange('10.0.0.0/8')).toEqual({ bytes: Uint8Array.of(10, 0, 0, 0), prefix: 8 });
    expect(() => createClientAddressResolver(['10.0.0.0/8', 'nope'])).toThrow(/"nope"/);
  });

  it('BFF-33: should read forwarding headers only from trusted peers, right to left, stopping at the first untrusted or malformed hop', () => {
    const resolve = createClientAddressResolver(['10.0.0.0/8', 'fd00::/8']);
    const xff = headers({ 'X-Forwarded-For': '192.0.2.1, 198.51.100.9, 10.0.0.5' });
    expect(resolve(xff, '203.0.113.7')).toBe('203.0.113.7');
    expect(resolve(xff, '10.1.1.1')).toBe('198.51.100.9');
    expect(resolve(headers({ 'X-Forwarded-For': 'garbage, 10.0.0.5' }), '10.1.1.1')).toBe(
      '10.0.0.5',
    );
    expect(resolve(headers({}), '10.1.1.1')).toBe('10.1.1.1');
    const viaForwarded = createClientAddressResolver(['10.0.0.0/8', 'fd00::/8'], 'forwarded');
    expect(
      viaForwarded(
        headers({ Forwarded: 'for=192.0.2.60;proto=https, for="[2001:db8::7]"' }),
        'fd00::2',
      ),
    ).toBe('2001:db8:0:0:0:0:0:7');
    expect(resolve(headers({ 'X-Forwarded-For': '198.51.100.9' }), undefined)).toBe('unknown');
    expect(createClientAddressResolver([])(xff, '::ffff:10.0.0.1')).toBe('10.0.0.1');
  });

  it("BFF-42: given a balancer that appends X-Forwarded-For and passes the client's own Forwarded through, should read only the configured header", () => {
    const spoofed = headers({
      Forwarded: 'for=198.51.100.66',
      'X-Forwarded-For': '203.0.113.5',
    });
    expect(createClientAddressResolver(['10.0.0.0/8'])(spoofed, '10.0.0.9')).toBe('203.0.113.5');
    const onlyForwarded = createClientAddressResolver(['10.0.0.0/8'], 'forwarded');
    expect(onlyForwarded(spoofed, '10.0.0.9')).toBe('198.51.100.66');
    // With the configured header absent, the trusted peer answers for the request.
    expect(onlyForwarded(headers({ 'X-Forwarded-For': '203.0.113.5' }), '10.0.0.9')).toBe(
      '10.0.0.9',
    );
  });

  it('BFF-42: given a trusted range that covers every address, should refuse it naming the entry', () => {
    for (const entry of ['0.0.0.0/0', '::/0', '::ffff:0.0.0.0/96']) {
      expect(() => createClientAddressResolver([entry])).toThrow(
        new RegExp(`"${entry.replace(/[.*/]/g, '\\$&')}" trusts every address`),
      );
    }
  });
});
