import { describe, expect, it } from 'vitest';
import { type ClientFlow, checkSessionInvariant, type ServerSession } from './invariant.js';

const success = (id: string, tek: string): ClientFlow => ({
  ok: true,
  sessionId: id,
  tek,
  reconciled: [],
});
const failure = (tek: string | undefined, reconciled: string[] = []): ClientFlow => ({
  ok: false,
  sessionId: undefined,
  tek,
  reconciled,
});
const session = (id: string, publicKey: string): ServerSession => ({ id, publicKey });

describe('checkSessionInvariant', () => {
  it('given one server session per success with the flow key, should pass', () => {
    const report = checkSessionInvariant(
      [success('S1', '02aa'), success('S2', '03BB'), failure(undefined)],
      [session('S1', '02AA'), session('S2', '03bb')],
    );
    expect(report).toMatchObject({ ok: true, successes: 2, reconciled: 0, serverSessions: 2 });
  });

  it('given a session committed after a lost answer and found by listing, should count it as reconciled', () => {
    const report = checkSessionInvariant(
      [success('S1', '02aa'), failure('02cc', ['S2'])],
      [session('S1', '02aa'), session('S2', '02cc')],
    );
    expect(report).toMatchObject({ ok: true, successes: 1, reconciled: 1, serverSessions: 2 });
  });

  it('given a server session no client learned of, should report it lost', () => {
    const report = checkSessionInvariant(
      [success('S1', '02aa'), failure('02cc')],
      [session('S1', '02aa'), session('S2', '02cc')],
    );
    expect(report.ok).toBe(false);
    expect(report.lost).toEqual(['server session S2 was never reported to a client']);
  });

  it('given a success the server does not hold, should report it lost', () => {
    const report = checkSessionInvariant([success('S1', '02aa')], []);
    expect(report.lost).toEqual(['success S1 has no server session']);
  });

  it('given two server sessions for one flow key, should report a duplicate', () => {
    const report = checkSessionInvariant(
      [success('S1', '02aa'), failure('02aa', ['S2'])],
      [session('S1', '02aa'), session('S2', '02AA')],
    );
    expect(report.ok).toBe(false);
    expect(report.duplicated).toHaveLength(1);
    expect(report.duplicated[0]).toContain('authorised by 2 sessions');
  });

  it('given one session reported by two flows, should report a duplicate claim', () => {
    const report = checkSessionInvariant(
      [success('S1', '02aa'), success('S1', '02aa')],
      [session('S1', '02aa')],
    );
    expect(report.duplicated).toEqual(['session S1 claimed by 2 flows']);
  });

  it('given a success whose session authorises another key, should report a mismatch', () => {
    const report = checkSessionInvariant([success('S1', '02aa')], [session('S1', '03ff')]);
    expect(report.ok).toBe(false);
    expect(report.mismatched).toHaveLength(1);
  });

  it('given a reconciled id the server does not hold, should report it lost', () => {
    const report = checkSessionInvariant([failure('02aa', ['S9'])], []);
    expect(report.lost).toEqual(['reconciled session S9 is not on the server']);
  });
});
