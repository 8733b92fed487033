/**
 * LOAD-3 (reliability catalogue 3.2): the Request-Id race over real sockets. 100 trials; in each,
 * one OTP sign-in reaches its 202 and 50 identical signed retries (same body bytes, same stamp,
 * same Request-Id) are sent to the emulator at once on separate connections. Exactly one must
 * succeed per trial (atomic consume, docs/protocol.md §11.3); the others see PROCESSING or
 * `Request-Id already used`. Ends with the EMU-06 invariant check.
 */
import { Agent, request } from 'node:http';
import { createTestKey, sealOtpBundle, stamp } from '@wallet-auth/test-utils';
import { describe, expect, it } from 'vitest';
import type { MemoryAfterGc } from '../servers/emulator-process.js';
import { checkEmu06 } from './lib/invariant.js';
import { recordFigures } from './lib/report.js';
import { startLoadStack } from './lib/stack.js';

const TRIALS = Number(process.env.LOAD3_TRIALS ?? 100);
const PARALLEL = Number(process.env.LOAD3_PARALLEL ?? 50);

interface Answer {
  status: number;
  body: Record<string, unknown>;
}

/** One HTTP exchange on `agent` (each parallel send gets its own socket). */
function send(
  agent: Agent,
  url: string,
  method: string,
  headers: Record<string, string>,
  body?: string,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers, agent }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        text += chunk;
      });
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, body: text === '' ? {} : JSON.parse(text) }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('Request-Id race at the emulator (catalogue LOAD-3, SR-22, EMU-06)', () => {
  it(`LOAD-3: given ${TRIALS} trials of ${PARALLEL} identical parallel signed retries, should accept exactly one per trial`, async () => {
    const stack = await startLoadStack({ emulator: {}, users: 0, runTag: 'load3' });
    const agent = new Agent({ keepAlive: true, maxSockets: PARALLEL + 5 });
    try {
      const { baseUrl, clientId, clientSecret } = stack.emulatorInfo;
      const auth = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`;
      const json = { Authorization: auth, 'Content-Type': 'application/json' };
      const customer = await send(
        agent,
        `${baseUrl}/customers`,
        'POST',
        json,
        JSON.stringify({ customerType: 'INDIVIDUAL', email: 'race@example.com' }),
      );
      expect(customer.status).toBe(201);
      const accounts = await send(
        agent,
        `${baseUrl}/customers/internal-accounts?customerId=${customer.body.id}&type=EMBEDDED_WALLET`,
        'GET',
        json,
      );
      const accountId = (accounts.body.data as { id: string }[])[0]!.id;
      const credentials = await send(
        agent,
        `${baseUrl}/auth/credentials?accountId=${accountId}`,
        'GET',
        json,
      );
      const credentialId = (credentials.body.data as { id: string; type: string }[]).find(
        (c) => c.type === 'EMAIL_OTP',
      )!.id;
      const baseline = await stack.emulator.request<MemoryAfterGc>('gc');
      await stack.emulator.request('resetPeak');
      const flows: { ok: boolean; sessionId: string | undefined; tek: string; reconciled: [] }[] =
        [];
      const outcomes = { success: 0, processing: 0, alreadyUsed: 0, other: 0 };
      const started = performance.now();
      for (let trial = 0; trial < TRIALS; trial++) {
        const challenge = await send(
          agent,
          `${baseUrl}/auth/credentials/${credentialId}/challenge`,
          'POST',
          json,
          '{}',
        );
        const tek = createTestKey();
        const body = JSON.stringify({
          type: 'EMAIL_OTP',
          encryptedOtpBundle: await sealOtpBundle({
            targetBundle: challenge.body.otpEncryptionTargetBundle as string,
            code: '000000',
            publicKey: tek.publicKey,
          }),
        });
        const verifyUrl = `${baseUrl}/auth/credentials/${credentialId}/verify`;
        const leg1 = await send(agent, verifyUrl, 'POST', json, body);
        expect(leg1.status).toBe(202);
        const headers = {
          ...json,
          'Service-Wallet-Signature': stamp(leg1.body.payloadToSign as string, tek),
          'Request-Id': leg1.body.requestId as string,
        };
        const answers = await Promise.all(
          Array.from({ length: PARALLEL }, () => send(agent, verifyUrl, 'POST', headers, body)),
        );
        const successes = answers.filter((a) => a.status === 200 && typeof a.body.id === 'string');
        for (const answer of answers) {
          if (answer.status === 200 && typeof answer.body.id === 'string') {
            outcomes.success += 1;
          } else if (answer.status === 200 && answer.body.status === 'PROCESSING') {
            outcomes.processing += 1;
          } else if (answer.status === 401 && answer.body.reason === 'Request-Id already used') {
            outcomes.alreadyUsed += 1;
          } else {
            outcomes.other += 1;
          }
        }
        expect(successes, `trial ${trial}`).toHaveLength(1);
        flows.push({
          ok: true,
          sessionId: successes[0]!.body.id as string,
          tek: tek.compressedPublicKey,
          reconciled: [],
        });
      }
      const seconds = (performance.now() - started) / 1000;
      const invariant = await checkEmu06({
        emulator: stack.emulator,
        flows,
        accountIds: [accountId],
        baseline,
        memoryBoundMiB: 64,
      });
      recordFigures('LOAD-3', {
        trials: TRIALS,
        parallelRetriesPerTrial: PARALLEL,
        wallSeconds: seconds,
        ...outcomes,
        serverSessions: invariant.serverSessions,
        lost: invariant.lost.length,
        duplicated: invariant.duplicated.length,
        pendingAfterSweep: invariant.pendingAfterSweep,
        emulatorLiveGrowthMiB: invariant.liveGrowthMiB,
        emulatorRssGrowthMiB: invariant.rssGrowthMiB,
      });
      expect(outcomes.success).toBe(TRIALS);
      expect(outcomes.other).toBe(0);
      expect(invariant).toMatchObject({ ok: true, lost: [], duplicated: [], pendingAfterSweep: 0 });
      expect(invariant.serverSessions).toBe(TRIALS);
    } finally {
      agent.destroy();
      await stack.stop();
    }
  });
});
