import { describe, expect, it, vi } from 'vitest';
import { createProxy } from './create-proxy.js';
import type { ProxyOptions } from './options.js';

const valid: ProxyOptions = {
  upstream: {
    baseUrl: 'https://api.example.test/2025-10-13',
    clientId: 'client',
    clientSecret: 's3cr3t-value-1234',
  },
  allowedOrigins: ['https://app.example.test'],
  resolveUser: async () => null,
};

/** The e-mail-only demo sign-in against a local emulator (by address). */
const demo: ProxyOptions = {
  upstream: { ...valid.upstream, baseUrl: 'http://127.0.0.1:8787/2025-10-13' },
  allowedOrigins: valid.allowedOrigins,
  demoAuth: { allowSignInByEmailOnly: true },
  cookieSecret: 'c'.repeat(32),
  logger: () => undefined,
};

function startMessage(options: ProxyOptions): string {
  try {
    createProxy(options);
    return 'started';
  } catch (error) {
    return (error as Error).message;
  }
}

function startError(options: ProxyOptions): string {
  try {
    createProxy(options);
    return 'started';
  } catch (error) {
    return (error as Error).name;
  }
}

describe('createProxy start-up checks', () => {
  it('given valid options, should start', () => {
    expect(startError(valid)).toBe('started');
  });

  it('BFF-20: given a missing, empty or placeholder client secret, should refuse to start', () => {
    for (const clientSecret of [
      '',
      '   ',
      'changeme',
      'CHANGEME',
      '<client-secret>',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the literal an unexpanded env template leaves
      '${CLIENT_SECRET}',
      'your-client-secret',
    ]) {
      expect(startError({ ...valid, upstream: { ...valid.upstream, clientSecret } })).toBe(
        'ProxyConfigError',
      );
    }
    expect(
      startError({
        ...valid,
        upstream: { ...valid.upstream, clientSecret: undefined as unknown as string },
      }),
    ).toBe('ProxyConfigError');
  });

  it('given demoAuth and a cookie secret under 32 characters, absent, or equal to the client secret, should refuse to start', () => {
    expect(startError(demo)).toBe('started');
    expect(startError({ ...demo, cookieSecret: 'short' })).toBe('ProxyConfigError');
    expect(startError({ ...demo, cookieSecret: undefined })).toBe('ProxyConfigError');
    const same = 'x'.repeat(40);
    expect(
      startError({
        ...demo,
        cookieSecret: same,
        upstream: { ...demo.upstream, clientSecret: same },
      }),
    ).toBe('ProxyConfigError');
  });

  it('BFF-32: given neither resolveUser nor demoAuth, should refuse to start with an error naming both options', () => {
    const { resolveUser: _, ...unbound } = valid;
    const message = startMessage(unbound);
    expect(message).toMatch(/needs a user binding/);
    expect(message).toMatch(/resolveUser/);
    expect(message).toMatch(/demoAuth: \{ allowSignInByEmailOnly: true \}/);
    // A cookie secret alone (the old demo default) no longer turns the e-mail sign-in on.
    expect(startMessage({ ...unbound, cookieSecret: 'c'.repeat(32) })).toMatch(/user binding/);
  });

  it('BFF-32: given demoAuth without the explicit flag, with resolveUser, or with an upstream that is neither loopback nor a sandbox, should refuse to start', () => {
    expect(
      startMessage({ ...demo, demoAuth: { allowSignInByEmailOnly: 'yes' } as unknown as never }),
    ).toMatch(/allowSignInByEmailOnly: true/);
    expect(startMessage({ ...demo, resolveUser: async () => null })).toMatch(/not both/);
    expect(
      startMessage({
        ...demo,
        upstream: { ...demo.upstream, baseUrl: 'https://api.example.test/2025-10-13' },
      }),
    ).toMatch(/demoAuth .* refuses upstream https:\/\/api\.example\.test/);
    for (const baseUrl of [
      'http://127.0.0.1:8787/2025-10-13',
      'http://127.9.9.9/2025-10-13',
      'http://[::1]:8787/2025-10-13',
    ]) {
      const fetch = async () => new Response(null);
      expect(startMessage({ ...demo, upstream: { ...demo.upstream, baseUrl, fetch } })).toBe(
        'started',
      );
    }
    expect(startMessage({ ...valid, cookieSecret: 'c'.repeat(32) })).toMatch(
      /cookieSecret is only used by demoAuth/,
    );
  });

  it('BFF-32: given demoAuth, should warn at start through the logger, or the console without one', () => {
    const logs: { level: string; event: string }[] = [];
    createProxy({ ...demo, logger: (entry) => logs.push(entry) });
    expect(logs).toEqual([expect.objectContaining({ level: 'warn', event: 'demo-auth.enabled' })]);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const { logger: _, ...silent } = demo;
      createProxy(silent);
      expect(warn).toHaveBeenCalledWith(expect.stringMatching(/anyone who types an e-mail/));
    } finally {
      warn.mockRestore();
    }
  });

  it('given resolveUser, should start without a cookie secret', () => {
    expect(startError(valid)).toBe('started');
  });

  it('BFF-24: given a plain-http non-loopback base with the built-in fetch, should refuse unless explicitly allowed', () => {
    const http = { ...valid.upstream, baseUrl: 'http://api.example.test/2025-10-13' };
    expect(startError({ ...valid, upstream: http })).toBe('ProxyConfigError');
    expect(startError({ ...valid, upstream: { ...http, allowInsecureHttp: true } })).toBe(
      'started',
    );
    expect(
      startError({ ...valid, upstream: { ...http, baseUrl: 'http://127.0.0.1:8787/2025-10-13' } }),
    ).toBe('started');
    expect(
      startError({ ...valid, upstream: { ...http, fetch: async () => new Response(null) } }),
    ).toBe('started');
  });

  it('given a base URL without the version segment, with a query or credentials, should refuse to start', () => {
    for (const baseUrl of [
      'https://api.example.test/',
      'https://api.example.test/2025-10-13?x=1',
      'https://user:pw@api.example.test/2025-10-13',
      'ftp://api.example.test/2025-10-13',
      'not a url',
    ]) {
      expect(startError({ ...valid, upstream: { ...valid.upstream, baseUrl } })).toBe(
        'ProxyConfigError',
      );
    }
  });

  it('BFF-13: given "*", "null", a path or an empty list as allowed origins, should refuse to start', () => {
    for (const allowedOrigins of [
      ['*'],
      ['null'],
      ['https://app.example.test/'],
      [],
      ['app.example.test'],
    ]) {
      expect(startError({ ...valid, allowedOrigins })).toBe('ProxyConfigError');
    }
  });

  it('given an unknown option, a bad basePath, a reserved signature header name or an insecure __Host- cookie, should refuse to start', () => {
    expect(startError({ ...valid, basepath: '/api' } as ProxyOptions)).toBe('ProxyConfigError');
    expect(startError({ ...valid, basePath: '/api/../x' })).toBe('ProxyConfigError');
    expect(startError({ ...valid, basePath: 'api' })).toBe('ProxyConfigError');
    expect(startError({ ...valid, signatureHeaderName: 'Authorization' })).toBe('ProxyConfigError');
    expect(startError({ ...valid, signatureHeaderName: 'X Stamp' })).toBe('ProxyConfigError');
    expect(startError({ ...demo, cookie: { secure: false, name: '__Host-x' } })).toBe(
      'ProxyConfigError',
    );
    expect(startError({ ...valid, upstream: { ...valid.upstream, clientId: 'a:b' } })).toBe(
      'ProxyConfigError',
    );
  });
});

describe('the default random source', () => {
  it('hands out fresh CSPRNG bytes of the asked length, across refills of its pool, never the same twice', async () => {
    const { resolveProxyOptions } = await import('./options.js');
    const { random } = resolveProxyOptions(valid);
    const seen = new Set<string>();
    // 8-byte draws across several 4 KiB refills, plus sizes around and over the pool's share.
    for (let i = 0; i < 2000; i++) {
      const bytes = random(8);
      expect(bytes).toHaveLength(8);
      seen.add(Buffer.from(bytes).toString('hex'));
    }
    expect(seen.size).toBe(2000);
    for (const size of [1, 32, 1024, 1025, 5000]) {
      const a = random(size);
      expect(a).toHaveLength(size);
      if (size >= 16) {
        expect(Buffer.from(a).equals(Buffer.from(random(size)))).toBe(false);
      }
    }
    // Each draw is its own copy: changing it changes nothing later draws see.
    const first = random(16);
    first.fill(0);
    expect(random(16).some((byte) => byte !== 0)).toBe(true);
  });
});
