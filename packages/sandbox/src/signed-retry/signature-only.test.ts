/**
 * The engine's reuse path for `POST /quotes/{quoteId}/execute` (docs/protocol.md §11.2 step 5, §11.6):
 * a route that declares `signatureOnly` accepts the stamp alone over a fixed payload, and still
 * runs the usual leg 1 / leg 2 when it gets both headers. Exercised on a tiny route so issue 4 can
 * mount the real one on the same mechanism.
 */
import { createTestKey, stamp } from '@wallet-auth/test-utils';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { ApiError } from '../api-error.js';
import { RateLimiter } from '../auth/rate-limits.js';
import type { SandboxContext } from '../context.js';
import { compressedHex } from '../crypto/p256.js';
import { createEnclave } from '../enclave/enclave.js';
import { EventLog } from '../events/event-log.js';
import { rawBody } from '../http/json-body.js';
import { resolveSandboxOptions } from '../options.js';
import { SandboxState } from '../state/sandbox-state.js';
import { InflightStore } from './inflight.js';
import { RequestStore } from './request-store.js';
import { runSignedRetry } from './signed-retry.js';

function quoteApp(payerKey: string) {
  let now = Date.UTC(2026, 0, 1);
  const options = resolveSandboxOptions({ clock: () => now, acceptLegacyMagicValues: false });
  const ctx: SandboxContext = {
    options,
    state: new SandboxState(options),
    enclave: createEnclave(undefined, options.random),
    requests: new RequestStore(options.clock, 300_000),
    inflight: new InflightStore(options.clock),
    rateLimits: new RateLimiter(options.rateLimits, options.clock),
    processingTimes: () => 0,
    events: new EventLog({ newId: () => 'Event:1', now: options.clock, dispatcher: undefined }),
  };
  const payload = '{"parameters":{"signWith":"0xabc"},"type":"ACTIVITY_TYPE_SIGN_TRANSACTION_V2"}';
  let executions = 0;
  const authorize = (signer: Parameters<Parameters<typeof runSignedRetry>[2]['authorize']>[0]) =>
    signer.legacy || compressedHex(signer.publicKey) === payerKey
      ? undefined
      : 'Not the source wallet';
  const app = new Hono().basePath('/2025-10-13');
  app.post('/quotes/:quoteId/execute', async (c) => {
    const bodyBytes = await rawBody(c);
    return runSignedRetry(ctx, c, {
      template: 'POST /quotes/{quoteId}/execute',
      bodyBytes,
      challenge: () => ({ accountId: 'wallet', payloadToSign: payload }),
      authorize,
      signatureOnly: { payloadToSign: payload, authorize, resendKey: 'quote-execute' },
      commit: () => {
        executions += 1;
        return { status: 200, body: { id: c.req.param('quoteId'), status: 'COMPLETED' } };
      },
    });
  });
  app.onError((error, c) => c.json((error as ApiError).toJSON(), (error as ApiError).status));
  const send = (headers: Record<string, string> = {}) =>
    app.request('/2025-10-13/quotes/Quote:1/execute', {
      method: 'POST',
      body: '{}',
      headers: { 'Content-Type': 'application/json', ...headers },
    });
  return { send, payload, executions: () => executions, advance: (ms: number) => (now += ms) };
}

describe('signature-only signed requests (quote execute form)', () => {
  it('given the stamp alone over the fixed payload, should execute; a foreign key or a malformed stamp is 401', async () => {
    const payer = createTestKey();
    const { send, payload, executions } = quoteApp(payer.compressedPublicKey);
    const ok = await send({ 'Service-Wallet-Signature': stamp(payload, payer) });
    expect(ok.status).toBe(200);
    expect(executions()).toBe(1);
    const foreign = await send({ 'Service-Wallet-Signature': stamp(payload, createTestKey()) });
    expect(await foreign.json()).toMatchObject({
      code: 'WALLET_SIGNATURE_INVALID',
      reason: 'Not the source wallet',
    });
    const overOther = await send({ 'Service-Wallet-Signature': stamp(`${payload} `, payer) });
    expect((await overOther.json()).code).toBe('WALLET_SIGNATURE_INVALID');
    expect((await (await send({ 'Service-Wallet-Signature': 'x' })).json()).code).toBe(
      'WALLET_SIGNATURE_MALFORMED',
    );
    expect(executions()).toBe(1);
  });

  it('given no header, should answer the usual 202 and accept the paired leg 2', async () => {
    const payer = createTestKey();
    const { send, executions } = quoteApp(payer.compressedPublicKey);
    const leg1 = await send();
    expect(leg1.status).toBe(202);
    const challenge = (await leg1.json()) as { payloadToSign: string; requestId: string };
    const leg2 = await send({
      'Service-Wallet-Signature': stamp(challenge.payloadToSign, payer),
      'Request-Id': challenge.requestId,
    });
    expect(leg2.status).toBe(200);
    expect(executions()).toBe(1);
  });
});
