import { describe, expect, it } from 'vitest';
import { readLimited, readRequestBody } from './read-body.js';

const LIMIT = 64;

function streamOf(...chunks: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) {
        controller.enqueue(encoder.encode(chunk));
      }
      controller.close();
    },
  });
}

function post(body: BodyInit | null, headers: Record<string, string> = {}): Request {
  return new Request('http://proxy.test/api/x', {
    method: 'POST',
    body,
    headers,
    ...(body instanceof ReadableStream ? { duplex: 'half' } : {}),
  } as RequestInit);
}

const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

describe('readLimited', () => {
  it('given chunks within the limit, should join them; given none, empty bytes', async () => {
    const read = await readLimited(streamOf('{"a"', ':1}'), LIMIT);
    expect(read.ok && text(read.bytes)).toBe('{"a":1}');
    expect(await readLimited(null, LIMIT)).toEqual({ ok: true, bytes: new Uint8Array(0) });
  });

  it('given chunks past the limit, should refuse and cancel the stream', async () => {
    let cancelled = false;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.enqueue(new Uint8Array(40));
      },
      cancel() {
        cancelled = true;
      },
    });
    expect(await readLimited(stream, LIMIT)).toEqual({ ok: false });
    expect(cancelled).toBe(true);
  });
});

describe('readRequestBody', () => {
  it('given a declared length within the limit, should read the whole body', async () => {
    const body = '{"name":"Ada"}';
    const read = await readRequestBody(
      post(body, { 'Content-Length': String(body.length) }),
      LIMIT,
    );
    expect(read.ok && text(read.bytes)).toBe(body);
  });

  it('given no declared length (a streamed body), should read within the limit and refuse past it', async () => {
    const within = await readRequestBody(post(streamOf('{"a":', '1}')), LIMIT);
    expect(within.ok && text(within.bytes)).toBe('{"a":1}');
    expect(await readRequestBody(post(streamOf('x'.repeat(40), 'x'.repeat(40))), LIMIT)).toEqual({
      ok: false,
    });
  });

  it('given a declared length that understates a body past the limit, should refuse after reading', async () => {
    const request = post('x'.repeat(LIMIT + 1), { 'Content-Length': '10' });
    expect(await readRequestBody(request, LIMIT)).toEqual({ ok: false });
  });

  it('given a declared length past the limit or not a number, should stream with the limit', async () => {
    expect(
      await readRequestBody(post('x'.repeat(LIMIT + 1), { 'Content-Length': '999' }), LIMIT),
    ).toEqual({ ok: false });
    const odd = await readRequestBody(post('{}', { 'Content-Length': '2x' }), LIMIT);
    expect(odd.ok && text(odd.bytes)).toBe('{}');
  });

  it('given a GET or HEAD, should give empty bytes without asking for the body', async () => {
    for (const method of ['GET', 'HEAD']) {
      const request = new Request('http://proxy.test/api/x', { method });
      Object.defineProperty(request, 'body', {
        get: () => {
          throw new Error('body read');
        },
      });
      expect(await readRequestBody(request, LIMIT)).toEqual({ ok: true, bytes: new Uint8Array(0) });
    }
  });

  it('given no body, should give empty bytes', async () => {
    const read = await readRequestBody(
      new Request('http://proxy.test/api/x', { method: 'DELETE' }),
      LIMIT,
    );
    expect(read).toEqual({ ok: true, bytes: new Uint8Array(0) });
  });
});
