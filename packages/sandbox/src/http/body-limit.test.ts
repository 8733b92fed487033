/**
 * The 64 KiB body limit (docs/protocol.md §1) over a real socket, where @hono/node-server gives
 * `Content-Length` (decided from the header) or a chunked body (counted as it streams): the same
 * 413 envelope either way, and bodies within the limit still reach the route.
 */
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox } from '../app.js';
import { AUTH } from '../test/harness.js';

const sandbox = createSandbox();
let server: ReturnType<typeof serve>;
let base: string;

beforeAll(async () => {
  server = serve({ fetch: sandbox.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/2025-10-13`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

function chunked(text: string): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  return new ReadableStream({
    start(controller) {
      for (let offset = 0; offset < bytes.length; offset += 16_384) {
        controller.enqueue(bytes.subarray(offset, offset + 16_384));
      }
      controller.close();
    },
  });
}

async function post(body: string, stream: boolean) {
  const response = await fetch(`${base}/customers`, {
    method: 'POST',
    headers: { Authorization: AUTH, 'Content-Type': 'application/json' },
    body: stream ? chunked(body) : body,
    ...(stream ? { duplex: 'half' } : {}),
  } as RequestInit);
  return { status: response.status, body: await response.json() };
}

describe('body limit on a socket (docs/protocol.md §1)', () => {
  for (const stream of [false, true]) {
    const how = stream ? 'chunked' : 'with Content-Length';
    it(`given a body over 64 KiB ${how}, should answer the 413 envelope; a small one reaches the route`, async () => {
      const large = JSON.stringify({ customerType: 'INDIVIDUAL', fullName: 'x'.repeat(70_000) });
      expect(await post(large, stream)).toEqual({
        status: 413,
        body: { status: 413, code: 'INVALID_INPUT', message: 'Request body exceeds 64 KiB' },
      });
      const small = await post(
        JSON.stringify({ customerType: 'INDIVIDUAL', email: `${stream}@example.com` }),
        stream,
      );
      expect(small.status).toBe(201);
      expect(small.body).toMatchObject({ customerType: 'INDIVIDUAL' });
    });
  }

  it('given a GET, should pass without a body check', async () => {
    const response = await fetch(`${base}/customers/internal-accounts?limit=1`, {
      headers: { Authorization: AUTH },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('Cache-Control')).toBe('no-store');
  });
});
