/**
 * Reliability catalogue BFF-09, the slow-body case: a client that sends headers and then dribbles
 * its body gets 408 from the Node server at the request deadline, and nothing is forwarded; a
 * chunked body over 64 KiB is refused with 413 before the upstream, on a real loopback socket.
 */
import { connect } from 'node:net';
import { createSandbox } from '@wallet-auth/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningProxyServer, startProxyServer } from '../node.js';
import { CLIENT_ID, CLIENT_SECRET } from '../testing/proxy-harness.js';

const ORIGIN = 'http://localhost:5173';
const USER = {
  userId: 'slow',
  customerId: 'Customer:00000000-0000-4000-8000-000000000001',
  accountId: 'InternalAccount:00000000-0000-4000-8000-000000000002',
};

/** Opens a socket, runs `send`, and resolves with the status line of whatever comes back. */
function exchange(
  url: string,
  send: (write: (text: string) => void) => Promise<void>,
): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    let received = '';
    const socket = connect(Number(port), hostname, () => {
      send((text) => {
        if (!socket.destroyed) {
          socket.write(text);
        }
      }).catch(reject);
    });
    socket.on('data', (chunk) => {
      received += chunk.toString('latin1');
    });
    socket.on('close', () => resolve(received.split('\r\n')[0] ?? ''));
    socket.on('error', () => resolve(received.split('\r\n')[0] ?? ''));
  });
}

describe('slow and oversized bodies on a real socket (catalogue BFF-09)', () => {
  let running: RunningProxyServer;
  let upstreamCalls = 0;
  const sandbox = createSandbox({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET });

  beforeAll(async () => {
    running = await startProxyServer({
      port: 0,
      requestTimeoutMs: 400,
      upstream: {
        baseUrl: 'http://127.0.0.1/2025-10-13',
        clientId: CLIENT_ID,
        clientSecret: CLIENT_SECRET,
        fetch: (request) => {
          upstreamCalls += 1;
          return sandbox.fetch(request);
        },
      },
      resolveUser: async () => USER,
      allowedOrigins: [ORIGIN],
    });
  });

  afterAll(async () => {
    running.server.closeAllConnections();
    await running.close();
  });

  it('BFF-09: given a body dribbled slower than the request deadline, should answer 408 and forward nothing', async () => {
    const before = upstreamCalls;
    const path = `/api/2025-10-13/internal-accounts/${USER.accountId}`;
    const status = await exchange(running.url, async (write) => {
      write(
        `PATCH ${path} HTTP/1.1\r\nHost: localhost\r\nOrigin: ${ORIGIN}\r\n` +
          'Content-Type: application/json\r\nContent-Length: 40\r\n\r\n{',
      );
      for (let i = 0; i < 8; i++) {
        await new Promise((resolve) => setTimeout(resolve, 150));
        write(' ');
      }
    });
    expect(status).toBe('HTTP/1.1 408 Request Timeout');
    expect(upstreamCalls).toBe(before);
  });

  it('BFF-09: given a chunked body over 64 KiB, should answer 413 and forward nothing', async () => {
    const before = upstreamCalls;
    const path = `/api/2025-10-13/internal-accounts/${USER.accountId}`;
    const chunk = 'x'.repeat(16 * 1024);
    const status = await exchange(running.url, async (write) => {
      write(
        `PATCH ${path} HTTP/1.1\r\nHost: localhost\r\nOrigin: ${ORIGIN}\r\n` +
          'Content-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n',
      );
      for (let i = 0; i < 6; i++) {
        write(`${chunk.length.toString(16)}\r\n${chunk}\r\n`);
      }
      write('0\r\n\r\n');
    });
    expect(status).toBe('HTTP/1.1 413 Payload Too Large');
    expect(upstreamCalls).toBe(before);
  });
});
