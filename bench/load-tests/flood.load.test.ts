/**
 * LOAD-4 (reliability catalogue 3.2, SR-23): a flood of 100,000 first legs of a signed retry (the
 * export challenge, which changes nothing until signed) against the emulator with autocannon,
 * over ten wallets: memory stays bounded (≤ 32 pending challenges per account, oldest evicted,
 * TTL sweep; docs/protocol.md §11.3). The check holds the emulator's live memory (V8 heap used +
 * external after a full GC) to a growth of 50 MB; its RSS growth, which the catalogue names, is
 * reported beside it and enforced with `LOAD_STRICT=1` (V8 keeps the heap pages it grew into
 * under the flood's allocation rate, so RSS over-states what the flood left behind). Then the same first leg through the
 * proxy at a per-user budget of 120 a minute: the proxy answers 429 with `Retry-After` from the
 * 121st request and the upstream never sees more than the budget. Ends with EMU-06.
 */
import autocannon from 'autocannon';
import { describe, expect, it } from 'vitest';
import type { EmulatorSnapshot, MemoryAfterGc } from '../servers/emulator-process.js';
import type { ProxyChildCounts } from '../servers/proxy-child.js';
import { checkEmu06 } from './lib/invariant.js';
import { recordFigures, STRICT_TARGETS } from './lib/report.js';
import { LOAD_ORIGIN, startLoadStack } from './lib/stack.js';

const FLOOD = Number(process.env.LOAD4_REQUESTS ?? 100_000);
const WALLETS = 10;
const BUDGET = 120;
const CLIENT_KEY = `04${'6b17d1f2e12c4247f8bce6e563a440f277037d812deb33a0f4a13945d898c296'}${'4fe342e2fe1a7f9b8ee7eb4a7c0f9e162bce33576b315ececbb6406837bf51f5'}`;

describe('first-leg flood (catalogue LOAD-4, SR-23, EMU-06)', () => {
  it(`LOAD-4: given ${FLOOD} first legs at the emulator, should keep live memory growth within 50 MB (RSS reported) and pending challenges capped; through the proxy, 429 from request ${BUDGET + 1}`, async () => {
    const stack = await startLoadStack({
      emulator: {},
      requestsPerMinute: BUDGET,
      users: 0,
      runTag: 'load4',
    });
    try {
      const { baseUrl, clientId, clientSecret } = stack.emulatorInfo;
      const auth = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`;
      const headers = { Authorization: auth, 'Content-Type': 'application/json' };
      const wallets: string[] = [];
      for (let i = 0; i < WALLETS; i++) {
        const customer = (await (
          await fetch(`${baseUrl}/customers`, {
            method: 'POST',
            headers,
            body: JSON.stringify({ customerType: 'INDIVIDUAL', email: `flood${i}@example.com` }),
          })
        ).json()) as { id: string };
        const accounts = (await (
          await fetch(
            `${baseUrl}/customers/internal-accounts?customerId=${customer.id}&type=EMBEDDED_WALLET`,
            { headers },
          )
        ).json()) as { data: { id: string }[] };
        wallets.push(accounts.data[0]!.id);
      }
      const body = JSON.stringify({ clientPublicKey: CLIENT_KEY });
      const baseline = await stack.emulator.request<MemoryAfterGc>('gc');
      await stack.emulator.request('resetPeak');
      const started = performance.now();
      // One autocannon run per wallet, so every wallet gets its share of first legs.
      const result = { total: 0, non2xx: 0, errors: 0 };
      for (const wallet of wallets) {
        const part = await autocannon({
          url: `${baseUrl}/internal-accounts/${wallet}/export`,
          connections: 16,
          amount: Math.ceil(FLOOD / WALLETS),
          method: 'POST',
          headers,
          body,
        });
        result.total += part.requests.total;
        result.non2xx += part.non2xx;
        result.errors += part.errors;
      }
      const seconds = (performance.now() - started) / 1000;
      const during = await stack.emulator.request<EmulatorSnapshot>('snapshot');

      // Through the proxy: one demo user, sequential first legs.
      const signUp = await fetch(`${stack.proxyInfo.apiUrl}/session`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: LOAD_ORIGIN },
        body: JSON.stringify({ email: 'flooder@example.com' }),
      });
      const user = (await signUp.json()) as { accountId: string };
      const cookie = (signUp.headers.get('Set-Cookie') ?? '').split(';')[0]!;
      await stack.proxy.request('reset');
      const statuses: number[] = [];
      let retryAfter: string | null = null;
      const proxyStarted = performance.now();
      for (let i = 0; i < BUDGET + 180; i++) {
        const response = await fetch(
          `${stack.proxyInfo.apiUrl}/2025-10-13/internal-accounts/${user.accountId}/export`,
          {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', Origin: LOAD_ORIGIN, Cookie: cookie },
            body,
          },
        );
        statuses.push(response.status);
        if (response.status === 429 && retryAfter === null) {
          retryAfter = response.headers.get('Retry-After');
        }
        await response.arrayBuffer();
      }
      const proxySeconds = (performance.now() - proxyStarted) / 1000;
      const proxy = await stack.proxy.request<ProxyChildCounts>('snapshot');
      const firstRefusal = statuses.indexOf(429);
      const upstreamExports = Object.entries(proxy.upstreamByPath)
        .filter(([key]) => key.endsWith('/export'))
        .reduce((sum, [, count]) => sum + count, 0);

      const invariant = await checkEmu06({
        emulator: stack.emulator,
        flows: [],
        accountIds: wallets,
        baseline,
        memoryBoundMiB: 50,
      });
      recordFigures('LOAD-4', {
        requests: result.total,
        requestsPerSecond: result.total / seconds,
        wallSeconds: seconds,
        non2xx: result.non2xx,
        errors: result.errors,
        emulatorRssBeforeMiB: baseline.rssBytes / 2 ** 20,
        emulatorPeakRssMiB: during.peakRssBytes / 2 ** 20,
        emulatorLiveGrowthMiB: invariant.liveGrowthMiB,
        emulatorRssGrowthMiB: invariant.rssGrowthMiB,
        emulatorPeakRssGrowthMiB: invariant.peakRssGrowthMiB,
        rssTargetMet: invariant.rssGrowthMiB <= 50,
        pendingRecordsAfterFlood: during.pendingRequests,
        pendingAfterSweep: invariant.pendingAfterSweep,
        proxyBudgetPerMinute: BUDGET,
        proxyRequests: statuses.length,
        proxyFirst429AtRequest: firstRefusal + 1,
        proxyAccepted: statuses.filter((status) => status === 202).length,
        proxyRetryAfter: retryAfter,
        proxySeconds,
        upstreamExportCalls: upstreamExports,
      });
      expect(result.total).toBeGreaterThanOrEqual(FLOOD);
      expect(result.errors).toBe(0);
      expect(result.non2xx).toBe(0);
      expect(during.pendingRequests).toBeLessThanOrEqual(32 * WALLETS);
      expect(invariant.liveGrowthMiB).toBeLessThanOrEqual(50);
      if (STRICT_TARGETS) {
        expect(invariant.rssGrowthMiB).toBeLessThanOrEqual(50);
      }
      expect(invariant.pendingAfterSweep).toBe(0);
      // The bucket refills at two tokens a second while the burst runs.
      const refill = Math.ceil(proxySeconds * (BUDGET / 60)) + 1;
      expect(firstRefusal).toBeGreaterThanOrEqual(BUDGET);
      expect(firstRefusal).toBeLessThanOrEqual(BUDGET + refill);
      expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
      expect(statuses.slice(0, BUDGET).every((status) => status === 202)).toBe(true);
      expect(upstreamExports).toBe(statuses.filter((status) => status === 202).length);
      expect(upstreamExports).toBeLessThanOrEqual(BUDGET + refill);
    } finally {
      await stack.stop();
    }
  });
});
