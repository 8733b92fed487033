/**
 * Deadlines of the Node server that mounts the proxy (reliability catalogue BFF-37): a client
 * that stalls in its headers, or leaves a keep-alive connection idle, is cut off on time.
 */
import { createConnection } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningProxyServer, startProxyServer } from '../node.js';
import { CLIENT_ID, CLIENT_SECRET, ORIGIN, STRANGER } from '../testing/proxy-harness.js';

let running: RunningProxyServer;

beforeAll(async () => {
  running = await startProxyServer({
    port: 0,
    upstream: {
      baseUrl: 'http://127.0.0.1/2025-10-13',
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      fetch: async () =>
        new Response('{"data":[]}', { headers: { 'Content-Type': 'application/json' } }),
    },
    allowedOrigins: [ORIGIN],
    resolveUser: async () => STRANGER,
    requestTimeoutMs: 1_000,
    headersTimeoutMs: 500,
    keepAliveTimeoutMs: 300,
  });
});
afterAll(async () => {
  running.server.closeAllConnections();
  await running.close();
});

/** Opens a raw connection, writes `text`, resolves with what came back and when it closed. */
function exchange(text: string): Promise<{ reply: string; closedAfterMs: number }> {
  const { port } = new URL(running.url);
  return new Promise((resolve, reject) => {
    const startedAt = performance.now();
    const socket = createConnection({ host: '127.0.0.1', port: Number(port) });
    let reply = '';
    socket.on('data', (chunk) => {
      reply += chunk.toString('latin1');
    });
    socket.once('error', reject);
    socket.once('close', () => resolve({ reply, closedAfterMs: performance.now() - startedAt }));
    socket.write(text);
  });
}

describe('server deadlines', () => {
  it('BFF-37: should apply request, header and keep-alive deadlines to the server', () => {
    expect(running.server.requestTimeout).toBe(1_000);
    expect(running.server.headersTimeout).toBe(500);
    expect(running.server.keepAliveTimeout).toBe(300);
  });

  it('BFF-37: given a client that stalls in its headers, should answer 408 and close within the header deadline', async () => {
    const { reply, closedAfterMs } = await exchange(
      'GET /api/2025-10-13/auth/sessions HTTP/1.1\r\nHost: x\r\n',
    );
    expect(reply).toMatch(/^HTTP\/1\.1 408/);
    expect(closedAfterMs).toBeLessThan(2_500);
  });

  it('BFF-37: given an idle keep-alive connection after an answer, should close it after the keep-alive deadline', async () => {
    const { reply, closedAfterMs } = await exchange(
      'GET /api/2025-10-13/auth/sessions HTTP/1.1\r\nHost: x\r\nConnection: keep-alive\r\n\r\n',
    );
    expect(reply).toMatch(/^HTTP\/1\.1 200/);
    expect(closedAfterMs).toBeGreaterThanOrEqual(250);
    expect(closedAfterMs).toBeLessThan(2_500);
  });
});
