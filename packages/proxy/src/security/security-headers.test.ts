import { describe, expect, it } from 'vitest';
import {
  API_CONTENT_SECURITY_POLICY,
  contentSecurityPolicy,
  securityHeaders,
} from './security-headers.js';

describe('securityHeaders', () => {
  it('UI-08: should give pages a strict same-origin CSP without unsafe-inline, unsafe-eval or wildcards', () => {
    const headers = securityHeaders();
    const csp = headers['Content-Security-Policy']!;
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).not.toMatch(/unsafe-|\*/);
    expect(headers).toMatchObject({
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'no-referrer',
      'Cross-Origin-Resource-Policy': 'same-origin',
      'Cross-Origin-Opener-Policy': 'same-origin-allow-popups',
    });
    expect(headers['Permissions-Policy']).toContain('publickey-credentials-get=(self)');
    expect(headers).not.toHaveProperty('Strict-Transport-Security');
  });

  it('given extra sources and trusted types, should extend only the named directives', () => {
    const csp = contentSecurityPolicy({
      csp: { 'connect-src': ['https://api.example'], 'frame-src': ['https://idp.example'] },
      trustedTypes: true,
    });
    expect(csp).toContain("connect-src 'self' https://api.example");
    expect(csp).toContain('frame-src https://idp.example');
    expect(csp).toContain("require-trusted-types-for 'script'");
    expect(() =>
      contentSecurityPolicy({ csp: { 'script-src': ["'self'; script-src *"] } }),
    ).toThrow(TypeError);
    expect(securityHeaders({ hsts: true })['Strict-Transport-Security']).toBe(
      'max-age=31536000; includeSubDomains',
    );
  });

  it("should lock the proxy's own JSON responses down completely", () => {
    expect(API_CONTENT_SECURITY_POLICY).toBe(
      "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
    );
  });
});
