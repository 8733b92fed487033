import { useState, useSyncExternalStore } from 'react';
import type { ProtocolEntry, ProtocolLog } from './protocol-log.js';

function kindOf(entry: ProtocolEntry): { label: string; tone: string } {
  if (entry.status === undefined) {
    return { label: 'network error', tone: 'error' };
  }
  if (entry.status === 202) {
    return { label: '202 challenge', tone: 'challenge' };
  }
  if (entry.processing) {
    return { label: 'PROCESSING', tone: 'processing' };
  }
  if (entry.status >= 400) {
    return { label: `${entry.status} ${entry.errorCode ?? ''}`.trim(), tone: 'error' };
  }
  return { label: String(entry.status), tone: 'ok' };
}

function short(value: string, keep = 18): string {
  return value.length > keep ? `${value.slice(0, keep)}…` : value;
}

/**
 * Shows, as they happen, the exchanges the kit makes through the proxy: 202 challenges with their
 * requestIds, the stamped retries, PROCESSING resends and errors — so a developer can watch the
 * protocol. Bodies are never recorded; stamps are shortened.
 */
export function ProtocolPanel({ log }: { log: ProtocolLog }) {
  const entries = useSyncExternalStore(log.subscribe, log.getSnapshot, log.getSnapshot);
  const [open, setOpen] = useState(true);
  return (
    <aside className="protocol" aria-labelledby="protocol-title" data-open={open ? '' : undefined}>
      <div className="protocol-head">
        <h2 id="protocol-title">Protocol</h2>
        <span className="muted">{entries.length} exchanges</span>
        <button
          type="button"
          className="ghost"
          onClick={() => setOpen(!open)}
          aria-expanded={open}
          aria-controls="protocol-list"
        >
          {open ? 'Hide' : 'Show'}
        </button>
        <button type="button" className="ghost" onClick={log.clear} disabled={entries.length === 0}>
          Clear
        </button>
      </div>
      {open && (
        <ol
          id="protocol-list"
          className="protocol-list"
          aria-live="polite"
          aria-relevant="additions"
        >
          {entries.length === 0 && <li className="muted">Requests the kit makes appear here.</li>}
          {entries.map((entry) => {
            const kind = kindOf(entry);
            return (
              <li key={entry.id} className="protocol-entry" data-tone={kind.tone}>
                <div className="protocol-line">
                  <code className="method">{entry.method}</code>
                  <code className="path">{entry.path}</code>
                  <span className="badge">{kind.label}</span>
                  <span className="muted">{entry.durationMs} ms</span>
                </div>
                {entry.challengeRequestId && (
                  <div className="protocol-detail">
                    payloadToSign issued · requestId{' '}
                    <code>{short(entry.challengeRequestId, 20)}</code>
                  </div>
                )}
                {entry.signature && (
                  <div className="protocol-detail">
                    signed retry · Service-Wallet-Signature <code>{short(entry.signature)}</code>
                    {entry.requestId && (
                      <>
                        {' '}
                        · Request-Id <code>{short(entry.requestId, 20)}</code>
                      </>
                    )}
                  </div>
                )}
                {!entry.signature && entry.requestId && (
                  <div className="protocol-detail">
                    Request-Id <code>{short(entry.requestId, 20)}</code>
                  </div>
                )}
              </li>
            );
          })}
        </ol>
      )}
    </aside>
  );
}
