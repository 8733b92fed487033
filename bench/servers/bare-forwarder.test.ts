import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { type BareForwarder, startBareForwarder } from './bare-forwarder.js';

interface Seen {
  method: string | undefined;
  url: string | undefined;
  headers: IncomingHttpHeaders;
  body: string;
}

const closers: (() => Promise<void>)[] = [];

afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

/** An origin that records each request and answers `status` with a JSON body. */
async function origin(status: number, seen: Seen[]): Promise<string> {
  const server: Server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => {
      body += chunk;
    });
    request.on('end', () => {
      seen.push({ method: request.method, url: request.url, headers: request.headers, body });
      response.writeHead(status, {
        'Content-Type': 'application/json; charset=utf-8',
        'Set-Cookie': 'upstream=1',
        'X-Internal': 'yes',
      });
      response.end(`{"status":${status}}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => new Promise((resolve) => server.close(() => resolve())));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function forwarder(upstreamOrigin: string): Promise<BareForwarder> {
  const running = await startBareForwarder({ upstreamOrigin, authorization: 'Basic cGxhdGZvcm0=' });
  closers.push(running.close);
  return running;
}

describe('startBareForwarder', () => {
  it('given a POST, should send path, query, body and Content-Type on with the platform credentials only', async () => {
    const seen: Seen[] = [];
    const bare = await forwarder(await origin(200, seen));
    const response = await fetch(`${bare.url}/2025-10-13/auth/credentials/C1/challenge?x=1`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Authorization: 'Bearer browser',
        Cookie: 'session=browser',
      },
      body: '{"a":1}',
    });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('{"status":200}');
    expect(response.headers.get('Content-Type')).toBe('application/json; charset=utf-8');
    expect(response.headers.get('Set-Cookie')).toBeNull();
    expect(response.headers.get('X-Internal')).toBeNull();
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({
      method: 'POST',
      url: '/2025-10-13/auth/credentials/C1/challenge?x=1',
      body: '{"a":1}',
    });
    expect(seen[0]!.headers.authorization).toBe('Basic cGxhdGZvcm0=');
    expect(seen[0]!.headers['content-type']).toBe('application/json');
    expect(seen[0]!.headers).not.toHaveProperty('cookie');
  });

  it('given an error status, should pass it through; given an upstream that is gone, should answer 502', async () => {
    const seen: Seen[] = [];
    const bare = await forwarder(await origin(404, seen));
    const missing = await fetch(`${bare.url}/2025-10-13/nope`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toBe('{"status":404}');
    expect(seen[0]!.body).toBe('');

    const gone = await forwarder('http://127.0.0.1:1');
    const answer = await fetch(`${gone.url}/2025-10-13/auth/credentials`);
    expect(answer.status).toBe(502);
    expect(await answer.json()).toMatchObject({ status: 502 });
  });
});
