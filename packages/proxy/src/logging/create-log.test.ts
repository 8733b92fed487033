import { describe, expect, it } from 'vitest';
import { createLog } from './create-log.js';
import { type LogEntry, REDACTED } from './redact.js';

function capture(secrets: readonly string[] = []) {
  const entries: LogEntry[] = [];
  const log = createLog({
    logger: (entry) => entries.push(entry),
    clock: () => Date.parse('2026-01-15T10:00:00.000Z'),
    secrets,
    secretNames: ['X-Wallet-Stamp'],
  });
  return { entries, log };
}

describe('createLog', () => {
  it('should write time, level and event first, then every field, redacted', () => {
    const { entries, log } = capture(['platform-secret-0123']);
    log('warn', 'request', {
      method: 'GET',
      path: '/api/x',
      status: 429,
      userId: undefined,
      note: 'Basic platform-secret-0123',
      'x-wallet-stamp': 'eyJ…',
    });
    expect(entries).toHaveLength(1);
    expect(Object.keys(entries[0]!)).toEqual([
      'time',
      'level',
      'event',
      'method',
      'path',
      'status',
      'userId',
      'note',
      'x-wallet-stamp',
    ]);
    expect(entries[0]).toEqual({
      time: '2026-01-15T10:00:00.000Z',
      level: 'warn',
      event: 'request',
      method: 'GET',
      path: '/api/x',
      status: 429,
      userId: undefined,
      note: `Basic ${REDACTED}`,
      'x-wallet-stamp': REDACTED,
    });
  });

  it('given fields named time, level or event, should keep the record’s own values', () => {
    const { entries, log } = capture();
    log('error', 'upstream.failed', {
      time: 'forged',
      level: 'info',
      event: 'forged',
      kind: 'timeout',
    });
    expect(entries[0]).toEqual({
      time: '2026-01-15T10:00:00.000Z',
      level: 'error',
      event: 'upstream.failed',
      kind: 'timeout',
    });
  });

  it('given a logger that throws, should not throw; given no logger, should do nothing', () => {
    const throwing = createLog({
      logger: () => {
        throw new Error('disk full');
      },
      clock: Date.now,
      secrets: [],
      secretNames: [],
    });
    expect(() => throwing('info', 'request', { status: 200 })).not.toThrow();
    const silent = createLog({ logger: undefined, clock: Date.now, secrets: [], secretNames: [] });
    expect(() => silent('info', 'request', { status: 200 })).not.toThrow();
  });
});
