/**
 * Section 4a: the proxy's added latency. The same two service calls — a read (`GET
 * /auth/credentials`) and an OTP challenge (`POST …/challenge`) — sent to the emulator directly with
 * the platform's Basic credentials, then through the proxy with a user's cookie; autocannon at 1 and
 * 10 connections, plus a sequential µs probe that interleaves the direct and proxied requests with
 * the same call through the bare forwarder (the least any second hop adds on this machine).
 */
import type { FirstUser } from '../load/driver-process.js';
import type { AutocannonFigures, ProbeTarget, SequentialFigures } from '../load/http-probes.js';
import type { Topology } from './server-topology.js';
import { BENCH_ORIGIN } from './server-topology.js';

/** Direct and proxied figures of one call, and the bare forwarder's (the floor of a hop). */
export interface LatencyPair {
  call: string;
  direct: { sequential: SequentialFigures; autocannon: AutocannonFigures[] };
  proxied: { sequential: SequentialFigures; autocannon: AutocannonFigures[] };
  /** The same call through a forwarder that does nothing else (sequential probe only). */
  bare: { sequential: SequentialFigures };
}

/** How long and how many. */
export interface LatencySettings {
  sequentialCount: number;
  autocannonSeconds: number;
  connections: readonly number[];
}

function targets(
  topology: Topology,
  user: FirstUser,
): { call: string; direct: ProbeTarget; proxied: ProbeTarget; bare: ProbeTarget }[] {
  const basic = `Basic ${Buffer.from(`${topology.emulatorInfo.clientId}:${topology.emulatorInfo.clientSecret}`).toString('base64')}`;
  const emulator = topology.emulatorInfo.baseUrl;
  const proxy = `${topology.proxyInfo.apiUrl}/2025-10-13`;
  const bare = `${topology.proxyInfo.bareUrl}/2025-10-13`;
  const browser = { Cookie: user.cookie, Origin: BENCH_ORIGIN };
  const query = `accountId=${encodeURIComponent(user.accountId)}`;
  const challengePath = `/auth/credentials/${user.credentialId}/challenge`;
  return [
    {
      call: 'GET /auth/credentials',
      direct: {
        url: `${emulator}/auth/credentials?${query}`,
        method: 'GET',
        headers: { Authorization: basic },
      },
      proxied: { url: `${proxy}/auth/credentials?${query}`, method: 'GET', headers: browser },
      bare: { url: `${bare}/auth/credentials?${query}`, method: 'GET', headers: {} },
    },
    {
      call: 'POST /auth/credentials/{id}/challenge (OTP)',
      direct: {
        url: `${emulator}${challengePath}`,
        method: 'POST',
        headers: { Authorization: basic, 'Content-Type': 'application/json' },
        body: '{}',
      },
      proxied: {
        url: `${proxy}${challengePath}`,
        method: 'POST',
        headers: { ...browser, 'Content-Type': 'application/json' },
        body: '{}',
      },
      bare: {
        url: `${bare}${challengePath}`,
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: '{}',
      },
    },
  ];
}

async function measureAutocannon(
  topology: Topology,
  target: ProbeTarget,
  settings: LatencySettings,
): Promise<AutocannonFigures[]> {
  const autocannon: AutocannonFigures[] = [];
  for (const connections of settings.connections) {
    autocannon.push(
      await topology.driver.request<AutocannonFigures>(
        'autocannon',
        { target, connections, durationSeconds: settings.autocannonSeconds },
        (settings.autocannonSeconds + 30) * 1000,
      ),
    );
  }
  return autocannon;
}

/**
 * Measures every call directly, through the proxy and through the bare forwarder: the sequential
 * probe interleaves the three request by request (so all see the same machine), then autocannon
 * runs direct, then proxied.
 */
export async function measureProxyLatency(
  topology: Topology,
  settings: LatencySettings,
): Promise<LatencyPair[]> {
  const user = await topology.driver.request<FirstUser>('firstUser');
  const pairs: LatencyPair[] = [];
  for (const { call, direct, proxied, bare } of targets(topology, user)) {
    const [directSequential, proxiedSequential, bareSequential] = await topology.driver.request<
      SequentialFigures[]
    >('sequential', {
      targets: [direct, proxied, bare],
      count: settings.sequentialCount,
      warmup: Math.min(200, settings.sequentialCount),
    });
    if (
      directSequential === undefined ||
      proxiedSequential === undefined ||
      bareSequential === undefined
    ) {
      throw new Error(`the sequential probe of ${call} answered no figures`);
    }
    pairs.push({
      call,
      bare: { sequential: bareSequential },
      direct: {
        sequential: directSequential,
        autocannon: await measureAutocannon(topology, direct, settings),
      },
      proxied: {
        sequential: proxiedSequential,
        autocannon: await measureAutocannon(topology, proxied, settings),
      },
    });
  }
  return pairs;
}
