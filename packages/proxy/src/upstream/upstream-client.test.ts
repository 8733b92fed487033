/**
 * The upstream client over a loopback server, once through `Request`/`Response` (any fetch) and
 * once through {@link NodeFetch.exchange} (the Node entry's transport): every outcome the same —
 * body bytes, headers, redirect, rejected credentials, 1 MiB cap, non-JSON, odd status, timeout,
 * reset (BFF-17, BFF-18, BFF-26).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeFetch } from './node-fetch.js';
import { createUpstreamClient, UpstreamError, type UpstreamRequest } from './upstream-client.js';

let server: Server;
let base: URL;
const transport = createNodeFetch();

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const json = { 'Content-Type': 'application/json' };
      const path = req.url?.replace(/^\/v1/, '');
      if (path === '/echo') {
        res.writeHead(201, { ...json, 'Retry-After': '3' });
        res.end(
          JSON.stringify({
            method: req.method,
            body: Buffer.concat(chunks).toString(),
            auth: req.headers.authorization,
            requestId: req.headers['request-id'],
          }),
        );
      } else if (path === '/redirect') {
        res.writeHead(302, { Location: '/echo' }).end();
      } else if (path === '/basic') {
        res.writeHead(401, { ...json, 'WWW-Authenticate': 'Basic' }).end('{}');
      } else if (path === '/large') {
        res.writeHead(200, json).end('x'.repeat(1024 * 1024 + 1));
      } else if (path === '/text') {
        res.writeHead(200, { 'Content-Type': 'text/html' }).end('<p>');
      } else if (path === '/empty') {
        res.writeHead(204).end();
      } else if (path === '/odd') {
        res.writeHead(999, json).end('{}');
      } else if (path === '/reset') {
        req.socket.destroy();
      }
      // '/hang' never answers.
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`);
});

afterAll(async () => {
  transport.close();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

function client(plain: boolean, timeoutMs: number) {
  return createUpstreamClient(
    {
      baseUrl: base,
      authorization: 'Basic cGxhdGZvcm06c2VjcmV0',
      clientSecret: 'secret',
      // Without `exchange` the client goes through Request and Response.
      fetch: plain ? transport : (request) => transport(request),
      timeoutMs,
    },
    'Service-Wallet-Signature',
  );
}

async function outcome(plain: boolean, request: UpstreamRequest) {
  // Only '/hang' waits for the deadline; the rest get a generous one (a loaded machine).
  const timeoutMs = request.template === '/hang' ? 30 : 5000;
  try {
    const response = await client(plain, timeoutMs).send(request);
    return {
      status: response.status,
      contentType: response.headers.get('Content-Type'),
      retryAfter: response.headers.get('Retry-After'),
      body: new TextDecoder().decode(response.body),
    };
  } catch (error) {
    return { error: error instanceof UpstreamError ? error.kind : String(error) };
  }
}

describe('createUpstreamClient, Request/Response path and plain exchange', () => {
  const get = (template: string): UpstreamRequest => ({ method: 'GET', template });
  const cases: [string, UpstreamRequest, unknown][] = [
    [
      'a signed POST',
      {
        method: 'POST',
        template: '/echo',
        contentType: 'application/json',
        body: new TextEncoder().encode('{"a":"é"}'),
        signed: { signature: 'stamp', requestId: 'Request:1' },
      },
      {
        status: 201,
        contentType: 'application/json',
        retryAfter: '3',
        body: JSON.stringify({
          method: 'POST',
          body: '{"a":"é"}',
          auth: 'Basic cGxhdGZvcm06c2VjcmV0',
          requestId: 'Request:1',
        }),
      },
    ],
    ['a redirect', get('/redirect'), { error: 'redirect' }],
    ['a Basic rejection', get('/basic'), { error: 'credentials-rejected' }],
    ['a body over 1 MiB', get('/large'), { error: 'too-large' }],
    ['a body that is not JSON', get('/text'), { error: 'not-json' }],
    ['a 204', get('/empty'), { status: 204, contentType: null, retryAfter: null, body: '' }],
    ['a status outside 200–599', get('/odd'), { error: 'unreachable' }],
    ['no answer', get('/hang'), { error: 'timeout' }],
    ['a reset', get('/reset'), { error: 'unreachable' }],
  ];
  for (const [name, request, expected] of cases) {
    it(`given ${name}, should give the same outcome on both paths`, async () => {
      expect(await outcome(false, request)).toEqual(expected);
      expect(await outcome(true, request)).toEqual(expected);
    });
  }
});
