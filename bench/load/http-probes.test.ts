import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { runInterleavedProbe } from './http-probes.js';

const servers: Server[] = [];

/** A loopback server answering `status`, logging each request as `name`. */
async function serve(name: string, status: number, log: string[]): Promise<string> {
  const server = createServer((request, response) => {
    log.push(name);
    request.resume();
    request.on('end', () => response.writeHead(status).end('{}'));
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
}

afterEach(async () => {
  await Promise.all(
    servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))),
  );
});

describe('runInterleavedProbe', () => {
  it('given two targets, should alternate them request by request and time only the measured rounds', async () => {
    const log: string[] = [];
    const direct = await serve('direct', 200, log);
    const proxied = await serve('proxied', 200, log);
    const [a, b] = await runInterleavedProbe(
      [
        { url: direct, method: 'GET', headers: {} },
        {
          url: proxied,
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: '{}',
        },
      ],
      5,
      2,
    );
    expect(log).toEqual(Array.from({ length: 7 }, () => ['direct', 'proxied']).flat());
    expect(a?.latencyMs.count).toBe(5);
    expect(b?.latencyMs.count).toBe(5);
    expect(a?.latencyMs.median).toBeGreaterThan(0);
    expect([a?.non2xx, b?.non2xx]).toEqual([0, 0]);
  });

  it('given a target answering outside 2xx, should count it for that target only', async () => {
    const log: string[] = [];
    const ok = await serve('ok', 200, log);
    const refused = await serve('refused', 403, log);
    const figures = await runInterleavedProbe(
      [
        { url: ok, method: 'GET', headers: {} },
        { url: refused, method: 'GET', headers: {} },
      ],
      3,
      0,
    );
    expect(figures.map((figure) => figure.non2xx)).toEqual([0, 3]);
  });
});
