/** Sections 2 and 3 of `bench/REPORT.md`: client crypto in Chromium, round trips at the proxy. */
import { FLOORS } from '../browser/raw-webcrypto.js';
import { table, verdict } from '../lib/markdown.js';
import { summarize } from '../lib/stats.js';
import type { ClientCryptoReport } from '../sections/client-crypto.js';
import type { RoundTripCount } from '../sections/round-trips.js';

const TOTALS: Record<keyof typeof FLOORS, string> = {
  OTP: 'OTP sign-in total (encryptOtpCode + stamp)',
  OAuth: 'OAuth sign-in total (key, nonce, open)',
  Passkey: 'Passkey sign-in total (key, challenge, open)',
  Stamp: 'stamp of a ~300-byte activity',
};

/** Median client crypto of an OTP sign-in, µs (for the targets table). */
export function otpMedianUs(report: ClientCryptoReport): number {
  const total = report.results.find((r) => r.name === TOTALS.OTP);
  return total === undefined ? Number.NaN : summarize(total.samplesUs).median;
}

/** Renders section 2. */
export function renderCrypto(report: ClientCryptoReport): string {
  const medians = new Map(report.results.map((r) => [r.name, summarize(r.samplesUs)]));
  const calls = new Map(report.results.map((r) => [r.name, r.webCryptoCalls]));
  const opRows = report.results.map((r) => {
    const s = summarize(r.samplesUs);
    return [r.group, r.name, s.median.toFixed(0), s.p90.toFixed(0), r.webCryptoCalls.length];
  });
  const totalRows = (Object.keys(FLOORS) as (keyof typeof FLOORS)[]).map((type) => {
    const kit = medians.get(TOTALS[type]);
    const floor = FLOORS[type].reduce(
      (sum, name) => sum + (medians.get(name)?.median ?? Number.NaN),
      0,
    );
    const floorCalls = FLOORS[type].reduce((sum, name) => sum + (calls.get(name)?.length ?? 0), 0);
    return [
      type,
      kit?.median.toFixed(0) ?? 'n/a',
      kit?.p90.toFixed(0) ?? 'n/a',
      floor.toFixed(0),
      kit === undefined ? 'n/a' : `${(kit.median / floor).toFixed(1)}×`,
      `${calls.get(TOTALS[type])?.length ?? 'n/a'} / ${floorCalls}`,
    ];
  });
  const callLists = (Object.keys(FLOORS) as (keyof typeof FLOORS)[]).map(
    (type) => `- ${type}: ${(calls.get(TOTALS[type]) ?? []).join(', ')}.`,
  );
  const otp = otpMedianUs(report);
  return [
    '## 2. Client crypto per sign-in (headless Chromium)',
    '',
    `Chromium ${report.browserVersion} (\`${report.userAgent}\`), page cross-origin isolated (COOP/COEP): ${report.crossOriginIsolated}. Each sample is the mean of ${report.config.batch} consecutive operations; ${report.config.samples} samples per row after a warm-up, taken round-robin (one batch of every row per round, so each sign-in and its floor share the machine's slow and fast spells). The service's side (bundle signing, sealing session keys) is prepared untimed. Checks before timing: ${report.checks.join('; ')}.`,
    '',
    table(
      [
        'sign-in',
        'kit median µs',
        'kit p90 µs',
        'WebCrypto floor µs',
        'kit / floor',
        'WebCrypto calls, kit / floor',
      ],
      totalRows,
      [1, 2, 3, 4, 5],
    ),
    '',
    `Floor = sum of the medians of the raw WebCrypto operations the sign-in cannot avoid (OTP: verify, 2 keygens, ECDH, HKDF, AES-GCM, sign; OAuth/passkey: keygen, [SHA-256,] ECDH, HKDF, AES-GCM, key import; HPKE's key schedule counted as one HKDF). Target ≤ 1 ms median for an OTP sign-in: ${(otp / 1000).toFixed(3)} ms — ${verdict(otp <= 1000)}.`,
    '',
    "The kit's calls, counted on one untimed run of each sign-in after the timing (HPKE's HKDF runs in JavaScript, @noble/hashes; the floor counts WebCrypto's HKDF as its import and derive; a key WebCrypto computes a public key for is exported or imported once more to learn it):",
    '',
    ...callLists,
    '',
    table(['group', 'operation', 'median µs', 'p90 µs', 'WebCrypto calls'], opRows, [2, 3, 4]),
    '',
  ].join('\n');
}

/** Renders section 3. */
export function renderRoundTrips(counts: readonly RoundTripCount[]): string {
  const rows = counts.map((c) => [
    c.type,
    c.browserToProxy,
    c.minimum,
    c.browserToProxy - c.minimum,
    c.proxyToService,
    c.requests
      .slice(0, c.browserToProxy)
      .join('; ')
      .replace(/AuthMethod:[0-9a-f-]+/g, '{id}'),
  ]);
  return [
    '## 3. Round trips per sign-in (counted at the proxy)',
    '',
    "In-process sandbox + reference proxy (as the demo mounts them) and the kit's real flows; passkey with the test-utils software authenticator, OAuth with a sandbox-minted ID token. Only the sign-in is counted (sign-up, registration and credential add are not).",
    '',
    table(
      ['sign-in', 'browser → proxy', 'protocol minimum', 'extra', 'proxy → service', 'requests'],
      rows,
      [1, 2, 3, 4],
    ),
    '',
    `Target 0 extra round trips: ${verdict(counts.every((c) => c.browserToProxy === c.minimum))}. The proxy's extra service calls are its ownership checks (the credential list, cached ${'5 s'} per user).`,
    '',
  ].join('\n');
}
