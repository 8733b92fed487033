import { createConnection } from 'node:net';
import { networkInterfaces } from 'node:os';
import { expect, test } from './fixtures.js';

/** Opens a raw connection, writes `text`, resolves with what came back and when it closed. */
function exchange(
  port: number,
  text: string,
  host = 'localhost',
): Promise<{ reply: string; closedAfterMs: number; error?: string }> {
  return new Promise((resolve) => {
    const startedAt = performance.now();
    const socket = createConnection({ host, port, autoSelectFamily: true });
    let reply = '';
    socket.on('data', (chunk) => {
      reply += chunk.toString('latin1');
    });
    socket.once('error', (error: NodeJS.ErrnoException) =>
      resolve({
        reply,
        closedAfterMs: performance.now() - startedAt,
        error: error.code ?? 'error',
      }),
    );
    socket.once('close', () => resolve({ reply, closedAfterMs: performance.now() - startedAt }));
    socket.write(text);
  });
}

test('BFF-50: given a client that stalls in its headers and one that stalls in its body, should answer 408 and close them at the 20 s and 30 s deadlines', async ({
  app,
}) => {
  test.setTimeout(60_000);
  const [slowHeaders, slowBody] = await Promise.all([
    exchange(app.port, 'GET /auth/me HTTP/1.1\r\nHost: localhost\r\nX-Slow: '),
    exchange(
      app.port,
      'POST /auth/sign-up HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"email":',
    ),
  ]);
  expect(slowHeaders.reply).toMatch(/^HTTP\/1\.1 408/);
  expect(slowHeaders.closedAfterMs).toBeGreaterThan(18_000);
  expect(slowHeaders.closedAfterMs).toBeLessThan(25_000);
  expect(slowBody.reply).toMatch(/^HTTP\/1\.1 408/);
  expect(slowBody.closedAfterMs).toBeGreaterThan(28_000);
  expect(slowBody.closedAfterMs).toBeLessThan(35_000);
});

test('BFF-50: given a connection to an address of this machine that is not loopback, should be refused (the server listens on localhost by default)', async ({
  app,
}) => {
  const external = Object.values(networkInterfaces())
    .flat()
    .find((entry) => entry !== undefined && !entry.internal && entry.family === 'IPv4');
  test.skip(external === undefined, 'this machine has no address besides loopback');
  const attempt = await exchange(app.port, 'GET / HTTP/1.1\r\nHost: x\r\n\r\n', external!.address);
  expect(attempt.error).toBe('ECONNREFUSED');
  // And on loopback it answers.
  const local = await exchange(
    app.port,
    'GET /auth/me HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n',
  );
  expect(local.reply).toMatch(/^HTTP\/1\.1 401/);
});
