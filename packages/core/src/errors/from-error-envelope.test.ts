import { describe, expect, it } from 'vitest';
import { fromErrorEnvelope } from './from-error-envelope.js';
import { parseRetryAfter } from './parse-retry-after.js';

function jsonResponse(
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

describe('fromErrorEnvelope', () => {
  it('given a 401 envelope with a top-level reason, should pass code, status, message and reason through', async () => {
    const error = await fromErrorEnvelope(
      jsonResponse(401, {
        status: 401,
        code: 'UNAUTHORIZED',
        message: 'Authentication failed',
        reason: 'Invalid OTP code',
      }),
    );
    expect(error.code).toBe('UNAUTHORIZED');
    expect(error.serverCode).toBe('UNAUTHORIZED');
    expect(error.status).toBe(401);
    expect(error.message).toBe('Authentication failed');
    expect(error.reason).toBe('Invalid OTP code');
    expect(error.retryable).toBe(false);
  });

  it('given a validation envelope, should keep details with every FieldError', async () => {
    const details = {
      errors: [
        {
          field: 'clientPublicKey',
          constraint: { pattern: '^04' },
          message: 'Must be a hex P-256 public key',
        },
      ],
    };
    const error = await fromErrorEnvelope(
      jsonResponse(400, {
        status: 400,
        code: 'INVALID_INPUT',
        message: 'Invalid request',
        details,
      }),
    );
    expect(error.code).toBe('INVALID_INPUT');
    expect(error.details).toEqual(details);
    expect(error.reason).toBeUndefined();
  });

  it('given a reason only inside details, should fall back to details.reason', async () => {
    const error = await fromErrorEnvelope(
      jsonResponse(401, {
        status: 401,
        code: 'UNAUTHORIZED',
        message: 'x',
        details: { reason: 'OTP expired' },
      }),
    );
    expect(error.reason).toBe('OTP expired');
  });

  it('given an unknown code, should become UNKNOWN with the raw value kept on serverCode', async () => {
    const error = await fromErrorEnvelope(
      jsonResponse(400, { status: 400, code: 'BRAND_NEW_CODE', message: 'New' }),
    );
    expect(error.code).toBe('UNKNOWN');
    expect(error.serverCode).toBe('BRAND_NEW_CODE');
    expect(error.status).toBe(400);
  });

  it('given a body that is not JSON, should keep the status and a generic message', async () => {
    const error = await fromErrorEnvelope(
      new Response('<html>Bad gateway</html>', { status: 502 }),
    );
    expect(error.code).toBe('UNKNOWN');
    expect(error.status).toBe(502);
    expect(error.serverCode).toBeUndefined();
    expect(error.message).toBe('Request failed with HTTP status 502');
  });

  it('given a 429 with Retry-After in delta-seconds, should be RATE_LIMITED with retryAfterSeconds', async () => {
    const error = await fromErrorEnvelope(
      jsonResponse(
        429,
        { status: 429, code: 'RATE_LIMITED', message: 'Slow down' },
        { 'Retry-After': '3' },
      ),
    );
    expect(error.code).toBe('RATE_LIMITED');
    expect(error.retryable).toBe(true);
    expect(error.details).toEqual({ retryAfterSeconds: 3 });
  });

  it('given a 429 with an HTTP-date Retry-After, should measure it from the response Date header', async () => {
    const error = await fromErrorEnvelope(
      jsonResponse(
        429,
        {
          status: 429,
          code: 'RATE_LIMITED',
          message: 'Slow down',
          details: { scope: 'challenge' },
        },
        { 'Retry-After': 'Wed, 21 Oct 2015 07:28:30 GMT', Date: 'Wed, 21 Oct 2015 07:28:00 GMT' },
      ),
      { now: () => 0 },
    );
    expect(error.details).toEqual({ scope: 'challenge', retryAfterSeconds: 30 });
  });

  it('given a 429 without an envelope, should still be RATE_LIMITED', async () => {
    const error = await fromErrorEnvelope(
      new Response('', { status: 429, headers: { 'Retry-After': '86400' } }),
    );
    expect(error.code).toBe('RATE_LIMITED');
    expect(error.details).toEqual({ retryAfterSeconds: 86400 });
  });

  it('given a 429 without Retry-After, should leave retryAfterSeconds out', async () => {
    const error = await fromErrorEnvelope(
      jsonResponse(429, { status: 429, code: 'RATE_LIMITED', message: 'x' }),
    );
    expect(error.details).toBeUndefined();
  });
});

describe('fromErrorEnvelope redaction (catalogue X-01)', () => {
  it('given a message and a reason echoing a stamp and a long hex key, should redact both and keep the rest', async () => {
    const stampLike = `eyJwdWJsaWNLZXkiOiIwMmFi${'Q'.repeat(40)}`;
    const error = await fromErrorEnvelope(
      jsonResponse(401, {
        status: 401,
        code: 'WALLET_SIGNATURE_INVALID',
        message: `Bad signature ${stampLike} for key ${'ab'.repeat(33)}`,
        reason: `Session is not active: ${'cd'.repeat(30)}`,
      }),
    );
    expect(error.message).toBe('Bad signature [redacted] for key [redacted]');
    expect(error.reason).toBe('Session is not active: [redacted]');
    expect(JSON.stringify(error)).not.toContain('QQQQ');
    expect(Object.values(error).join(' ')).not.toContain(stampLike);
  });

  it('given a details.reason with a JWT and CR/LF, should redact it in reason and in details', async () => {
    const jwt = 'eyJhbGciOiJSUzI1NiJ9.eyJpc3MiOiJ4In0.c2lnbmF0dXJlLXZhbHVl';
    const error = await fromErrorEnvelope(
      jsonResponse(401, {
        status: 401,
        code: 'UNAUTHORIZED',
        message: 'Authentication failed\r\nforged',
        details: { reason: `OIDC token ${jwt} rejected` },
      }),
    );
    expect(error.message).toBe('Authentication failed forged');
    expect(error.reason).toBe('OIDC token [redacted] rejected');
    expect(error.details).toEqual({ reason: 'OIDC token [redacted] rejected' });
  });

  it('given a message that is only a secret, should keep the marker; given a non-string message, the status sentence', async () => {
    const secretOnly = await fromErrorEnvelope(
      jsonResponse(400, { status: 400, code: 'INVALID_INPUT', message: 'f'.repeat(64) }),
    );
    expect(secretOnly.message).toBe('[redacted]');
    const numeric = await fromErrorEnvelope(
      jsonResponse(400, { status: 400, code: 'INVALID_INPUT', message: 42, reason: '  ' }),
    );
    expect(numeric.message).toBe('Request failed with HTTP status 400');
    expect(numeric.reason).toBeUndefined();
  });
});

describe('fromErrorEnvelope with the reference proxy refusals', () => {
  it.each([
    [403, 'FORBIDDEN', false],
    [405, 'METHOD_NOT_ALLOWED', false],
    [502, 'UPSTREAM_ERROR', true],
    [504, 'UPSTREAM_TIMEOUT', true],
  ] as const)(
    'given a proxy %i %s envelope, should keep the named code (not UNKNOWN) with retryable=%s',
    async (status, code, retryable) => {
      const error = await fromErrorEnvelope(
        jsonResponse(status, {
          status,
          code,
          message: 'The wallet service is unavailable; try again later',
          details: { correlationId: 'c0ffee' },
        }),
      );
      expect(error.code).toBe(code);
      expect(error.serverCode).toBe(code);
      expect(error.status).toBe(status);
      expect(error.retryable).toBe(retryable);
      expect(error.details).toEqual({ correlationId: 'c0ffee' });
    },
  );

  it('BFF-36: given the proxy failing closed (503 SERVICE_UNAVAILABLE with Retry-After), should keep the code, be retryable and carry the wait', async () => {
    const error = await fromErrorEnvelope(
      jsonResponse(
        503,
        {
          status: 503,
          code: 'SERVICE_UNAVAILABLE',
          message: 'Temporarily unavailable; retry shortly',
          details: { correlationId: 'c0ffee' },
        },
        { 'Retry-After': '2' },
      ),
    );
    expect(error.code).toBe('SERVICE_UNAVAILABLE');
    expect(error.retryable).toBe(true);
    expect(error.details).toEqual({ correlationId: 'c0ffee', retryAfterSeconds: 2 });
    const bare = await fromErrorEnvelope(new Response('busy', { status: 503 }));
    expect(bare.code).toBe('UNKNOWN');
    expect(bare.details).toBeUndefined();
  });

  it('given a lower-case or padded proxy code, should not guess: UNKNOWN with the raw code kept', async () => {
    for (const code of ['forbidden', ' FORBIDDEN', 'UPSTREAM_TIMEOUT\n']) {
      const error = await fromErrorEnvelope(jsonResponse(403, { status: 403, code, message: 'x' }));
      expect(error.code).toBe('UNKNOWN');
      expect(error.serverCode).toBe(code);
    }
  });
});

describe('parseRetryAfter', () => {
  it('given delta-seconds, should return them', () => {
    expect(parseRetryAfter('0')).toBe(0);
    expect(parseRetryAfter(' 120 ')).toBe(120);
  });

  it('given an HTTP-date and no Date header, should measure from the injected clock, never negative', () => {
    const now = () => Date.parse('Wed, 21 Oct 2015 07:28:00 GMT');
    expect(parseRetryAfter('Wed, 21 Oct 2015 07:28:10 GMT', { now })).toBe(10);
    expect(parseRetryAfter('Wed, 21 Oct 2015 07:27:00 GMT', { now })).toBe(0);
  });

  it('given nonsense, should return undefined', () => {
    expect(parseRetryAfter(null)).toBeUndefined();
    expect(parseRetryAfter('soon')).toBeUndefined();
    expect(parseRetryAfter('-5')).toBeUndefined();
    expect(parseRetryAfter('99999999999999999999')).toBeUndefined();
  });
});
