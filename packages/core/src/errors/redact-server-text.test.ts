import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { REDACTED, redactServerText } from './redact-server-text.js';

const stamp = btoa(
  JSON.stringify({ publicKey: `02${'ab'.repeat(32)}`, scheme: 'SIGNATURE_SCHEME_TK_API_P256' }),
)
  .replaceAll('+', '-')
  .replaceAll('/', '_')
  .replace(/=+$/, '');
const jwt = 'eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiIxMjMifQ.c2lnbmF0dXJlLWJ5dGVz';

describe('redactServerText (catalogue X-01)', () => {
  it('given ordinary server text, should keep it unchanged', () => {
    expect(redactServerText('Authentication failed')).toBe('Authentication failed');
    expect(redactServerText('Quote expired; create a new one')).toBe(
      'Quote expired; create a new one',
    );
    // 40 hex characters is a SHA-1-sized id: allowed by the rule (runs longer than 40).
    const forty = 'a'.repeat(40);
    expect(redactServerText(`id ${forty}`)).toBe(`id ${forty}`);
  });

  it('given a stamp, a JWT, 41 hex characters or a long base64 run, should redact each', () => {
    expect(redactServerText(`Bad stamp ${stamp} here`)).toBe(`Bad stamp ${REDACTED} here`);
    expect(redactServerText(`token ${jwt}.`)).toBe(`token ${REDACTED}.`);
    expect(redactServerText(`key ${'0f'.repeat(20)}a!`)).toBe(`key ${REDACTED}!`);
    expect(redactServerText(`blob ${'Zm9v+/'.repeat(10)}==`)).toBe(`blob ${REDACTED}`);
    expect(redactServerText('eyJwdWJsaWNLZXki short')).toBe(`${REDACTED} short`);
  });

  it('given CR/LF and other control characters, should flatten them to spaces (no forged log lines)', () => {
    expect(redactServerText('line one\r\n{"level":"error"}\u0000\u2028x')).toBe(
      'line one {"level":"error"} x',
    );
  });

  it('given a very long message, should cut it at 300 characters with an ellipsis', () => {
    const out = redactServerText('word '.repeat(500));
    expect(Array.from(out).length).toBeLessThanOrEqual(300);
    expect(out.endsWith('…')).toBe(true);
  });

  it('given only a secret or only whitespace, should leave the redaction marker or nothing', () => {
    expect(redactServerText(stamp)).toBe(REDACTED);
    expect(redactServerText(' \n\t ')).toBe('');
  });

  it('given any text around hex or base64url secrets, should never leave a run over 40 or an encoded JSON', () => {
    const secret = fc.oneof(
      fc.stringMatching(/^[0-9a-f]{41,120}$/),
      fc.stringMatching(/^[A-Za-z0-9_-]{41,120}$/),
      fc.constant(stamp),
      fc.constant(jwt),
    );
    fc.assert(
      fc.property(fc.string(), secret, fc.string(), (before, hidden, after) => {
        const out = redactServerText(`${before}${hidden}${after}`);
        expect(out).not.toMatch(/[0-9a-fA-F]{41,}/);
        expect(out).not.toMatch(/[A-Za-z0-9_-]{41,}/);
        expect(out).not.toMatch(/eyJ[A-Za-z0-9_-]{8,}/);
        expect(out).not.toContain(hidden.slice(0, 41));
      }),
      { numRuns: 300, seed: 0x0e01 },
    );
  });
});
