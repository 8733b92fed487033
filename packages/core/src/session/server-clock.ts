/**
 * The service's clock as seen from the device: session deadlines are the service's times, so the
 * kit compares them with the device clock corrected by an offset (docs/protocol.md §1, Timestamps:
 * "correcting deadlines by the `Date` header offset"; catalogue SES-09).
 */

/** Offsets this small are network latency and clock noise, not skew (as for challenges, §1). */
export const CLOCK_SKEW_TOLERANCE_MS = 2000;

/**
 * Service clock minus device clock, from the `Date` header of the response that delivered the
 * session when the caller has it, else from the session's own `updatedAt`/`createdAt` (stamped
 * by the service when it issued the session, moments before it arrives). Returns 0 within the
 * tolerance or when neither time parses.
 * @param input.serverDateMs - The delivering response's `Date` header, epoch ms, if known.
 * @param input.issuedAt - The session's `updatedAt` or `createdAt` (ISO 8601).
 * @param input.deviceNow - The device clock when the session arrived, epoch ms.
 */
export function deriveClockOffset(input: {
  serverDateMs?: number | undefined;
  issuedAt: string | undefined;
  deviceNow: number;
}): number {
  const serverNow =
    input.serverDateMs !== undefined && Number.isFinite(input.serverDateMs)
      ? input.serverDateMs
      : Date.parse(input.issuedAt ?? '');
  if (Number.isNaN(serverNow)) {
    return 0;
  }
  const offset = serverNow - input.deviceNow;
  return Math.abs(offset) > CLOCK_SKEW_TOLERANCE_MS ? offset : 0;
}
