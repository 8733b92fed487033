/**
 * The devtools' protocol sections: signed retries as timelines, and every exchange as it
 * happened. Request ids are shortened; a stamp is only ever said to have been sent.
 */
import { useId } from 'react';
import { type DevtoolsExchange, REDACTED } from './devtools-store.js';
import { groupSignedRetries, type SignedRetryStage } from './signed-retries.js';

function short(value: string, keep = 20): string {
  return value.length > keep ? `${value.slice(0, keep)}…` : value;
}

/** The label and tone of one exchange's answer. */
export function describeAnswer(exchange: DevtoolsExchange): { label: string; tone: string } {
  if (exchange.status === undefined) {
    return { label: 'network error', tone: 'error' };
  }
  if (exchange.status === 202) {
    return { label: '202 challenge', tone: 'challenge' };
  }
  if (exchange.processing) {
    return { label: `${exchange.status} PROCESSING`, tone: 'processing' };
  }
  if (exchange.status >= 400) {
    return { label: `${exchange.status} ${exchange.errorCode ?? ''}`.trim(), tone: 'error' };
  }
  return { label: String(exchange.status), tone: 'ok' };
}

const STAGES: Record<SignedRetryStage, string> = {
  awaitingSignature: 'challenge issued, waiting for the stamp',
  processing: 'stamped, PROCESSING',
  settled: 'settled',
  failed: 'failed',
};

/** Each signed retry: its request, its stage and its legs. */
export function SignedRetriesSection({ exchanges }: { exchanges: readonly DevtoolsExchange[] }) {
  const titleId = useId();
  const timelines = groupSignedRetries(exchanges);
  return (
    <section aria-labelledby={titleId} data-devtools-section="signed-retries">
      <h3 id={titleId}>Signed retries</h3>
      {timelines.length === 0 ? (
        <p>No signed request yet.</p>
      ) : (
        <ol aria-labelledby={titleId}>
          {timelines.map((timeline) => (
            <li key={timeline.requestId} data-stage={timeline.stage}>
              <p>
                <strong>
                  {timeline.method} {timeline.path}
                </strong>{' '}
                — {STAGES[timeline.stage]}
              </p>
              <p>
                <code>{short(timeline.requestId, 24)}</code> · {timeline.signedSends} stamped{' '}
                {timeline.signedSends === 1 ? 'send' : 'sends'} ·{' '}
                {timeline.legs.map((leg) => describeAnswer(leg).label).join(' → ')}
              </p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** Every exchange, newest first, with what was sent and what came back. */
export function ExchangesSection({ exchanges }: { exchanges: readonly DevtoolsExchange[] }) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} data-devtools-section="exchanges">
      <h3 id={titleId}>Exchanges</h3>
      <ol aria-labelledby={titleId} aria-live="polite" aria-relevant="additions">
        {exchanges.length === 0 ? <li>Requests the kit makes appear here.</li> : null}
        {exchanges.map((exchange) => {
          const answer = describeAnswer(exchange);
          return (
            <li key={exchange.id} data-exchange="" data-tone={answer.tone}>
              <div data-exchange-line="">
                <code data-method="">{exchange.method}</code>
                <code data-path="">{exchange.path}</code>
                <span data-badge="">{answer.label}</span>
                <span data-duration="">{exchange.durationMs} ms</span>
              </div>
              {exchange.challengeRequestId === undefined ? null : (
                <p data-exchange-detail="">
                  payloadToSign issued · requestId <code>{short(exchange.challengeRequestId)}</code>
                </p>
              )}
              {exchange.signed ? (
                <p data-exchange-detail="">
                  signed retry · Service-Wallet-Signature {REDACTED}
                  {exchange.requestId === undefined ? null : (
                    <>
                      {' '}
                      · Request-Id <code>{short(exchange.requestId)}</code>
                    </>
                  )}
                </p>
              ) : exchange.requestId === undefined ? null : (
                <p data-exchange-detail="">
                  Request-Id <code>{short(exchange.requestId)}</code>
                </p>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
