import { describe, expect, it } from 'vitest';
import type { DevtoolsExchange } from './devtools-store.js';
import { groupSignedRetries } from './signed-retries.js';

let nextId = 1;
function leg(overrides: Partial<DevtoolsExchange>): DevtoolsExchange {
  return {
    id: nextId++,
    at: 0,
    method: 'PATCH',
    path: '/internal-accounts/InternalAccount:1',
    status: 200,
    errorCode: undefined,
    requestId: undefined,
    challengeRequestId: undefined,
    signed: false,
    processing: false,
    durationMs: 5,
    ...overrides,
  };
}

/** Store order: newest first. */
const newestFirst = (...legs: DevtoolsExchange[]) => [...legs].reverse();

describe('groupSignedRetries', () => {
  it('given a 202 and no stamped leg yet, should wait for the signature', () => {
    const [timeline] = groupSignedRetries(
      newestFirst(leg({ status: 202, challengeRequestId: 'Request:a' })),
    );
    expect(timeline).toMatchObject({
      requestId: 'Request:a',
      stage: 'awaitingSignature',
      signedSends: 0,
    });
  });

  it('given a stamped leg answered PROCESSING then its resend settling, should read processing then settled', () => {
    const challenge = leg({ status: 202, challengeRequestId: 'Request:b' });
    const first = leg({ signed: true, requestId: 'Request:b', processing: true });
    expect(groupSignedRetries(newestFirst(challenge, first))[0]?.stage).toBe('processing');
    const resend = leg({ signed: true, requestId: 'Request:b' });
    const [timeline] = groupSignedRetries(newestFirst(challenge, first, resend));
    expect(timeline).toMatchObject({ stage: 'settled', signedSends: 2 });
    expect(timeline?.legs.map((entry) => entry.id)).toEqual([challenge.id, first.id, resend.id]);
  });

  it('given a refused or unanswered stamped leg, should read failed', () => {
    const refused = groupSignedRetries(
      newestFirst(
        leg({ status: 202, challengeRequestId: 'Request:c' }),
        leg({ signed: true, requestId: 'Request:c', status: 401, errorCode: 'UNAUTHORIZED' }),
      ),
    );
    const lost = groupSignedRetries(
      newestFirst(
        leg({ status: 202, challengeRequestId: 'Request:d' }),
        leg({ signed: true, requestId: 'Request:d', status: undefined }),
      ),
    );
    expect(refused[0]?.stage).toBe('failed');
    expect(lost[0]?.stage).toBe('failed');
  });

  it('given two retries and unrelated exchanges, should list the retries newest first, each with its own legs', () => {
    const timelines = groupSignedRetries(
      newestFirst(
        leg({ method: 'GET', path: '/auth/sessions' }),
        leg({ status: 202, challengeRequestId: 'Request:e' }),
        leg({ signed: true, requestId: 'Request:e' }),
        leg({
          status: 202,
          challengeRequestId: 'Request:f',
          method: 'POST',
          path: '/quotes/Quote:1/execute',
        }),
        leg({ signed: true, requestId: 'Request:e' }),
      ),
    );
    expect(timelines.map((timeline) => [timeline.requestId, timeline.signedSends])).toEqual([
      ['Request:f', 0],
      ['Request:e', 2],
    ]);
  });
});
