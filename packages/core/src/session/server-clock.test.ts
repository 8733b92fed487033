import { describe, expect, it } from 'vitest';
import { CLOCK_SKEW_TOLERANCE_MS, deriveClockOffset } from './server-clock.js';

const deviceNow = Date.parse('2026-03-01T10:00:00.000Z');

describe('deriveClockOffset (docs/protocol.md §1, catalogue SES-09)', () => {
  it('given a Date header, should measure service minus device from it', () => {
    expect(
      deriveClockOffset({
        serverDateMs: deviceNow - 3_600_000,
        issuedAt: '2026-03-01T10:00:00.000Z',
        deviceNow,
      }),
    ).toBe(-3_600_000);
  });

  it('given no Date header, should measure from the session issue time', () => {
    expect(deriveClockOffset({ issuedAt: '2026-03-01T11:00:00.000Z', deviceNow })).toBe(3_600_000);
  });

  it('given a difference within the tolerance, or no usable time, should keep the device clock', () => {
    const near = new Date(deviceNow - CLOCK_SKEW_TOLERANCE_MS).toISOString();
    expect(deriveClockOffset({ issuedAt: near, deviceNow })).toBe(0);
    expect(deriveClockOffset({ issuedAt: 'soon', deviceNow })).toBe(0);
    expect(deriveClockOffset({ serverDateMs: Number.NaN, issuedAt: undefined, deviceNow })).toBe(0);
  });
});
