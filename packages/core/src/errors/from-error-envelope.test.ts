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
