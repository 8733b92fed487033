import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeFetch } from './node-fetch.js';

describe('createNodeFetch (loopback server)', () => {
  let server: Server;
  let base: string;
  const transport = createNodeFetch({ maxResponseBytes: 1000 });

  beforeAll(async () => {
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        if (req.url === '/echo') {
          res.writeHead(201, { 'Content-Type': 'application/json', 'X-Method': req.method ?? '' });
          res.end(
            JSON.stringify({
              body: Buffer.concat(chunks).toString(),
              auth: req.headers.authorization,
            }),
          );
        } else if (req.url === '/redirect') {
          res.writeHead(302, { Location: '/echo' });
          res.end();
        } else if (req.url === '/large') {
          res.writeHead(200, { 'Content-Type': 'application/json' });
          res.end('x'.repeat(2_000_000));
        } else if (req.url === '/empty') {
          res.writeHead(204);
          res.end();
        } else if (req.url === '/slow') {
          setTimeout(() => res.end('{}'), 80);
        } else if (req.url === '/reset') {
          req.socket.destroy();
        }
        // '/hang' never answers.
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    transport.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('given a POST, should send method, headers and exact body bytes and return status, headers and body', async () => {
    const response = await transport(
      new Request(`${base}/echo`, {
        method: 'POST',
        headers: { Authorization: 'Basic abc', 'Content-Type': 'application/json' },
        body: '{"a":"é"}',
      }),
    );
    expect(response.status).toBe(201);
    expect(response.headers.get('X-Method')).toBe('POST');
    expect(await response.json()).toEqual({ body: '{"a":"é"}', auth: 'Basic abc' });
  });

  it('given a redirect, should return it without following', async () => {
    const response = await transport(new Request(`${base}/redirect`, { redirect: 'manual' }));
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe('/echo');
  });

  it('given a body over the cap, should keep just over the cap; a 204 has a null body', async () => {
    const large = await transport(new Request(`${base}/large`));
    const bytes = (await large.arrayBuffer()).byteLength;
    expect(bytes).toBeGreaterThan(1000);
    expect(bytes).toBeLessThan(2_000_000);
    expect((await transport(new Request(`${base}/empty`))).body).toBeNull();
  });

  it('given a slow answer longer than the idle-socket time, should still wait for it', async () => {
    const quick = createNodeFetch({ idleSocketMs: 20 });
    const response = await quick(new Request(`${base}/slow`));
    expect(response.status).toBe(200);
    quick.close();
  });

  it('given an abort or a reset connection, should reject', async () => {
    const controller = new AbortController();
    const pending = transport(new Request(`${base}/hang`, { signal: controller.signal }));
    controller.abort(new Error('deadline'));
    await expect(pending).rejects.toThrow('deadline');
    await expect(transport(new Request(`${base}/reset`))).rejects.toThrow();
    await expect(transport(new Request('ftp://127.0.0.1/x'))).rejects.toThrow(TypeError);
  });

  it('given a plain exchange with a deadline and no signal, should stop the request at the deadline', async () => {
    const plain = { method: 'GET', headers: new Headers(), body: undefined };
    const late = transport.exchange({ ...plain, url: `${base}/hang`, timeoutMs: 30 });
    await expect(late).rejects.toMatchObject({ name: 'TimeoutError' });
    // The deadline is cleared once the answer is in: a quick call with a short one succeeds.
    const quick = await transport.exchange({ ...plain, url: `${base}/empty`, timeoutMs: 5000 });
    expect(quick.status).toBe(204);
  });
});
