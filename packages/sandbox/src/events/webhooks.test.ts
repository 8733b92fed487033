/**
 * Webhook delivery and the event log (docs/service-api.md, Events; option `webhooks`, a project
 * extension): JSON `{id, type, createdAt, data}` in log order, Standard Webhooks signing, retries
 * with backoff on a fake scheduler (no sleeping), bounded attempts, and API calls that never wait
 * for or fail on a delivery.
 */
import { createHmac } from 'node:crypto';
import type { FakeClock } from '@wallet-auth/test-utils';
import { describe, expect, it } from 'vitest';
import { resolveSandboxOptions, SandboxOptionsError } from '../options.js';
import { createHarness, type Harness } from '../test/harness.js';
import { completeIndividual, submit } from '../test/kyc-fixtures.js';

const URL_ = 'https://platform.example/webhooks';

/** A scheduler driven by the test: timers run when `advance` passes them. */
function createTimers() {
  let clock: FakeClock | undefined;
  const timers: { at: number; run: () => void; cancelled: boolean }[] = [];
  return {
    bind(value: FakeClock) {
      clock = value;
    },
    schedule(delayMs: number, run: () => void) {
      const timer = { at: clock!.now() + delayMs, run, cancelled: false };
      timers.push(timer);
      return () => {
        timer.cancelled = true;
      };
    },
    /** Timers still waiting, as delays from now. */
    pending() {
      return timers.filter((t) => !t.cancelled).map((t) => t.at - clock!.now());
    },
    /** Moves time, running due timers; `settle: false` when an attempt is known to hang. */
    async advance(h: Harness, ms: number, options: { settle?: boolean } = {}) {
      const until = clock!.now() + ms;
      for (;;) {
        const due = timers
          .filter((t) => !t.cancelled && t.at <= until)
          .sort((a, b) => a.at - b.at)[0];
        if (due === undefined) {
          break;
        }
        clock!.set(due.at);
        due.cancelled = true;
        due.run();
        if (options.settle !== false) {
          await h.sandbox.settleWebhooks();
        } else {
          await new Promise((resolve) => setImmediate(resolve));
        }
      }
      clock!.set(until);
    },
  };
}

interface Received {
  request: Request;
  body: string;
}

function setup(options: {
  answers?: (number | 'throw' | 'hang' | 'sync-throw')[];
  secret?: string;
  maxAttempts?: number;
}) {
  const timers = createTimers();
  const received: Received[] = [];
  const answers = [...(options.answers ?? [])];
  const h = createHarness({
    platform: { regulated: true },
    webhooks: {
      url: URL_,
      ...(options.secret === undefined ? {} : { secret: options.secret }),
      ...(options.maxAttempts === undefined ? {} : { maxAttempts: options.maxAttempts }),
      schedule: timers.schedule,
      fetch: (request) => {
        const answer = answers.shift() ?? 200;
        if (answer === 'sync-throw') {
          throw new Error('boom');
        }
        return request.text().then((body) => {
          received.push({ request, body });
          if (answer === 'throw') {
            throw new TypeError('fetch failed');
          }
          if (answer === 'hang') {
            return new Promise<Response>(() => undefined);
          }
          return new Response('ok', { status: answer });
        });
      },
    },
  });
  timers.bind(h.clock);
  return { h, timers, received };
}

async function log(h: Harness) {
  return (await h.request('GET', '/sandbox/events')).body.data;
}

describe('webhook delivery', () => {
  it('given an event, should POST exactly the logged {id, type, createdAt, data} with Webhook-Id and Webhook-Timestamp, unsigned without a secret', async () => {
    const { h, received } = setup({});
    const { customerId } = await h.createCustomer();
    await h.sandbox.settleWebhooks();
    const [event] = await log(h);
    expect(event).toMatchObject({ type: 'CUSTOMER.KYC_APPROVED', data: { id: customerId } });
    expect(received).toHaveLength(1);
    const { request, body } = received[0]!;
    expect(request.method).toBe('POST');
    expect(request.url).toBe(URL_);
    expect(request.headers.get('Content-Type')).toBe('application/json');
    expect(request.headers.get('Webhook-Id')).toBe(event.id);
    expect(request.headers.get('Webhook-Timestamp')).toBe(String(Date.UTC(2026, 0, 1) / 1000));
    expect(request.headers.has('Webhook-Signature')).toBe(false);
    const { delivery, ...delivered } = event;
    expect(JSON.parse(body)).toEqual(delivered);
    expect(Object.keys(JSON.parse(body))).toEqual(['id', 'type', 'createdAt', 'data']);
    expect(delivery).toEqual({ status: 'DELIVERED', attempts: 1, lastResponseStatus: 200 });
  });

  it('given a secret, should sign "<id>.<timestamp>.<body>" with HMAC-SHA256 (v1,<base64>)', async () => {
    const { h, received } = setup({ secret: 'whsec-test-0123456789' });
    await h.createCustomer();
    await h.sandbox.settleWebhooks();
    const { request, body } = received[0]!;
    const id = request.headers.get('Webhook-Id');
    const timestamp = request.headers.get('Webhook-Timestamp');
    const expected = createHmac('sha256', 'whsec-test-0123456789')
      .update(`${id}.${timestamp}.${body}`)
      .digest('base64');
    expect(request.headers.get('Webhook-Signature')).toBe(`v1,${expected}`);
  });

  it('given 500, then a network error, then 200, should retry after 1 s and 2 s and end DELIVERED', async () => {
    const { h, timers, received } = setup({ answers: [500, 'throw', 200] });
    await h.createCustomer();
    await h.sandbox.settleWebhooks();
    expect(received).toHaveLength(1);
    expect((await log(h))[0].delivery).toEqual({
      status: 'PENDING',
      attempts: 1,
      lastResponseStatus: 500,
      lastError: 'HTTP 500',
    });
    expect(timers.pending()).toEqual([1000]);
    await timers.advance(h, 999);
    expect(received).toHaveLength(1);
    await timers.advance(h, 1);
    expect(received).toHaveLength(2);
    expect((await log(h))[0].delivery).toMatchObject({ attempts: 2, lastError: 'fetch failed' });
    expect(timers.pending()).toEqual([2000]);
    await timers.advance(h, 2000);
    expect(received).toHaveLength(3);
    expect(new Set(received.map((r) => r.body)).size).toBe(1);
    expect((await log(h))[0].delivery).toEqual({
      status: 'DELIVERED',
      attempts: 3,
      lastResponseStatus: 200,
    });
    expect(timers.pending()).toEqual([]);
  });

  it('given an endpoint that always fails, should stop after maxAttempts (FAILED) and go on with the next event', async () => {
    const { h, timers, received } = setup({
      answers: ['throw', 503, 'throw', 200],
      maxAttempts: 3,
    });
    const first = await h.createCustomer();
    const second = await h.createCustomer({ email: 'grace@example.com' });
    await h.sandbox.settleWebhooks();
    await timers.advance(h, 1000);
    await timers.advance(h, 2000);
    const [failed, next] = await log(h);
    expect(failed).toMatchObject({ data: { id: first.customerId } });
    expect(failed.delivery).toEqual({
      status: 'FAILED',
      attempts: 3,
      lastResponseStatus: 503,
      lastError: 'fetch failed',
    });
    expect(next).toMatchObject({
      data: { id: second.customerId },
      delivery: { status: 'DELIVERED', attempts: 1 },
    });
    expect(received.map((r) => JSON.parse(r.body).id)).toEqual([
      failed.id,
      failed.id,
      failed.id,
      next.id,
    ]);
    expect(timers.pending()).toEqual([]);
  });

  it('given a submission emitting three events and a first failure, should deliver them in log order', async () => {
    const timers = createTimers();
    const received: string[] = [];
    let calls = 0;
    const h = createHarness({
      webhooks: {
        url: URL_,
        schedule: timers.schedule,
        fetch: async (request) => {
          calls += 1;
          received.push(JSON.parse(await request.text()).type);
          return new Response(null, { status: calls === 1 ? 502 : 204 });
        },
      },
    });
    timers.bind(h.clock);
    const customer = await completeIndividual(h, 'Ada Lovelace');
    await submit(h, customer.id);
    await h.sandbox.settleWebhooks();
    await timers.advance(h, 1000);
    expect(received).toEqual([
      'VERIFICATION.IN_PROGRESS',
      'VERIFICATION.IN_PROGRESS',
      'VERIFICATION.APPROVED',
      'CUSTOMER.KYC_APPROVED',
    ]);
  });

  it('given a transport that throws synchronously or never answers, should leave the API call unaffected and time out after 10 s', async () => {
    const { h, timers, received } = setup({ answers: ['sync-throw', 'hang', 200] });
    const created = await h.request('POST', '/customers', { body: { customerType: 'INDIVIDUAL' } });
    expect(created.status).toBe(201);
    await h.sandbox.settleWebhooks();
    expect((await log(h))[0].delivery).toMatchObject({ attempts: 1, lastError: 'boom' });
    await timers.advance(h, 1000, { settle: false }); // the second attempt hangs
    const again = await h.request('GET', `/customers/${created.body.id}`);
    expect(again.status).toBe(200);
    expect(received).toHaveLength(1);
    await timers.advance(h, 10_000);
    expect((await log(h))[0].delivery).toMatchObject({ attempts: 2, lastError: 'Timed out' });
    await timers.advance(h, 2000);
    expect((await log(h))[0].delivery).toMatchObject({ status: 'DELIVERED', attempts: 3 });
  });
});

describe('GET /sandbox/events', () => {
  it('given no webhooks option, should log events without a delivery member, filter by customerId and type, and refuse unknown queries', async () => {
    const h = createHarness({ platform: { skipVerificationPaperwork: true } });
    const ada = await h.createCustomer({ fullName: 'Ada Lovelace001' });
    const grace = await h.createCustomer({ fullName: 'Grace Hopper', email: 'g@example.com' });
    const all = await log(h);
    expect(all.map((e: { type: string }) => e.type)).toEqual([
      'CUSTOMER.KYC_PENDING',
      'CUSTOMER.KYC_APPROVED',
    ]);
    expect(all[0]).not.toHaveProperty('delivery');
    const byCustomer = await h.request('GET', `/sandbox/events?customerId=${grace.customerId}`);
    expect(byCustomer.body.data).toEqual([all[1]]);
    const byType = await h.request('GET', '/sandbox/events?type=CUSTOMER.KYC_PENDING');
    expect(byType.body.data[0].data.id).toBe(ada.customerId);
    for (const query of ['?limit=1', '?customerId=nope', '?type=a&type=b']) {
      const bad = await h.request('GET', `/sandbox/events${query}`);
      expect(bad.status, query).toBe(400);
      expect(bad.body.code).toBe('INVALID_INPUT');
    }
    expect((await h.request('GET', '/sandbox/events', { noAuth: true })).status).toBe(401);
  });
});

describe('EMU-09: event logs per instance', () => {
  it('given two sandboxes, should keep separate event logs', async () => {
    const a = createHarness({ platform: { regulated: true } });
    const b = createHarness({ platform: { regulated: true } });
    await a.createCustomer();
    expect(a.sandbox.eventLog()).toHaveLength(1);
    expect(b.sandbox.eventLog()).toEqual([]);
    expect(await log(b)).toEqual([]);
  });
});

describe('option webhooks', () => {
  it('given invalid values, should refuse each with a message naming it', () => {
    const cases: [unknown, RegExp][] = [
      [{ url: 'ftp://example.com/hook' }, /webhooks\.url/],
      [{ url: 'not a url' }, /webhooks\.url/],
      [{}, /webhooks\.url/],
      [{ url: URL_, secret: '' }, /webhooks\.secret/],
      [{ url: URL_, maxAttempts: 0 }, /webhooks\.maxAttempts/],
      [{ url: URL_, maxAttempts: 11 }, /webhooks\.maxAttempts/],
      [{ url: URL_, fetch: 'fetch' }, /webhooks\.fetch/],
      [{ url: URL_, retries: 3 }, /webhooks\.retries/],
      ['https://example.com', /webhooks/],
    ];
    for (const [webhooks, message] of cases) {
      expect(() => resolveSandboxOptions({ webhooks } as never)).toThrow(SandboxOptionsError);
      expect(() => resolveSandboxOptions({ webhooks } as never)).toThrow(message);
    }
    expect(resolveSandboxOptions({ webhooks: { url: URL_ } }).webhooks).toMatchObject({
      url: URL_,
      secret: undefined,
      maxAttempts: 5,
    });
  });
});
