/**
 * The browser side of section 2, bundled by esbuild and loaded in a cross-origin-isolated page:
 * `window.runCryptoBench({samples, batch})` times the kit's client crypto per sign-in type and the
 * raw WebCrypto operations underneath. Each sample is the mean of `batch` consecutive operations
 * (µs), so the 5 µs timer of an isolated page stays well below the figures; rows are sampled
 * round-robin.
 */
import type { ClientKey } from '@wallet-auth/core';
import {
  bytesToBase64Url,
  bytesToHex,
  createClientKey,
  createOAuthNonce,
  createStamp,
  encryptOtpCode,
  generateSigningKeyPair,
  passkeyChallengeToBytes,
  resolveSessionKey,
  sealOtpPlaintext,
  verifyOtpTargetBundle,
} from '@wallet-auth/core/primitives';
import { SUBTLE_METHODS } from '@wallet-auth/test-utils';
import { activityPayload, createOtpFixture, sealSessionKeyTo } from './fixtures.js';
import { rawOperations } from './raw-webcrypto.js';

/** Options of one run. */
export interface CryptoBenchConfig {
  samples: number;
  batch: number;
}

/** Samples of one operation, µs per operation. */
export interface CryptoSamples {
  name: string;
  group: 'OTP' | 'OAuth' | 'Passkey' | 'Stamp' | 'WebCrypto';
  samplesUs: number[];
  /** The SubtleCrypto calls one operation makes (method, format or algorithm), in order. */
  webCryptoCalls: string[];
}

/** What the page reports. */
export interface CryptoBenchResult {
  crossOriginIsolated: boolean;
  userAgent: string;
  results: CryptoSamples[];
  /** Correctness checks done before timing. */
  checks: string[];
}

/** One timed step: `prepare` (untimed, given the previous step's result), then `run` (timed). */
interface Step {
  prepare(previous: unknown): Promise<unknown>;
  run(input: unknown): Promise<unknown>;
}

const none = async () => undefined;

/** A step with nothing to prepare. */
function timed(run: () => Promise<unknown>): Step {
  return { prepare: none, run };
}

/** Times `batch` runs of each step after their untimed preparations; returns µs per operation. */
async function timeBatch(batch: number, steps: readonly Step[]): Promise<number> {
  let elapsed = 0;
  const previous: unknown[] = Array.from({ length: batch }, () => undefined);
  for (const step of steps) {
    const prepared: unknown[] = [];
    for (let i = 0; i < batch; i++) {
      prepared.push(await step.prepare(previous[i]));
    }
    const started = performance.now();
    for (let i = 0; i < batch; i++) {
      previous[i] = await step.run(prepared[i]);
    }
    elapsed += performance.now() - started;
  }
  return (elapsed * 1000) / batch;
}

/** One row of the table: its operation's steps. */
interface Row {
  name: string;
  group: CryptoSamples['group'];
  steps: readonly Step[];
}

/** `importKey raw ECDH`, `sign ECDSA`, `exportKey pkcs8`: what a SubtleCrypto call did. */
function describeCall(method: string, args: unknown[]): string {
  const nameOf = (algorithm: unknown) =>
    typeof algorithm === 'string' ? algorithm : (algorithm as { name?: string } | null)?.name;
  if (method === 'importKey') {
    return `importKey ${String(args[0])} ${nameOf(args[2])}`;
  }
  if (method === 'exportKey') {
    return `exportKey ${String(args[0])}`;
  }
  return `${method} ${nameOf(args[0])}`;
}

/**
 * Runs a row's steps once, untimed, and lists the SubtleCrypto calls its timed parts make (its
 * preparations are not counted). The page's SubtleCrypto is wrapped only for this run.
 */
async function countWebCryptoCalls(steps: readonly Step[]): Promise<string[]> {
  const subtle = crypto.subtle as unknown as Record<string, (...args: unknown[]) => unknown>;
  const calls: string[] = [];
  let counting = false;
  for (const method of SUBTLE_METHODS) {
    const original = subtle[method] as (...args: unknown[]) => unknown;
    subtle[method] = function (this: unknown, ...args: unknown[]) {
      if (counting) {
        calls.push(describeCall(method, args));
      }
      return original.apply(this, args);
    };
  }
  try {
    let previous: unknown;
    for (const step of steps) {
      const input = await step.prepare(previous);
      counting = true;
      previous = await step.run(input);
      counting = false;
    }
  } finally {
    for (const method of SUBTLE_METHODS) {
      delete subtle[method]; // the prototype's method again
    }
  }
  return calls;
}

/**
 * Samples every row round-robin: each round times one batch of every row in turn, `samples`
 * rounds after a warm-up round. A shared machine's slow spells then fall on all rows alike, so a
 * sign-in and its WebCrypto floor are compared under the same conditions (timed row after row,
 * one slow second could land on either alone and move their ratio by half).
 */
async function sampleRows(
  config: CryptoBenchConfig,
  rows: readonly Row[],
): Promise<CryptoSamples[]> {
  for (const row of rows) {
    await timeBatch(Math.max(5, config.batch), row.steps);
  }
  const results = rows.map(({ name, group }) => ({
    name,
    group,
    samplesUs: [] as number[],
    webCryptoCalls: [] as string[],
  }));
  for (let round = 0; round < config.samples; round++) {
    for (const [index, row] of rows.entries()) {
      results[index]?.samplesUs.push(await timeBatch(config.batch, row.steps));
    }
  }
  // Counted after the timing, so that no timed call runs through the wrapper or after it.
  for (const [index, row] of rows.entries()) {
    (results[index] as CryptoSamples).webCryptoCalls = await countWebCryptoCalls(row.steps);
  }
  return results;
}

async function runCryptoBench(config: CryptoBenchConfig): Promise<CryptoBenchResult> {
  const otp = await createOtpFixture();
  const checks: string[] = [];
  const target = await verifyOtpTargetBundle(otp.bundle, otp.environment);
  checks.push(
    `OTP bundle verifies against the pinned key (${target.targetPublicKey.length}-byte target)`,
  );
  const probeKey = await createClientKey('documented');
  const { sealed, sessionPublicKey } = await sealSessionKeyTo(probeKey.clientPublicKey);
  const opened = await resolveSessionKey({
    clientKey: probeKey,
    encryptedSessionSigningKey: sealed,
  });
  if (opened.compressedPublicKeyHex !== sessionPublicKey) {
    throw new Error('sealed session key did not open to the sealed key');
  }
  checks.push('sealed session key opens to the sealed key (§7)');

  const rows: Row[] = [];
  const add = (name: string, group: CryptoSamples['group'], steps: readonly Step[]) => {
    rows.push({ name, group, steps });
  };
  const signing = await generateSigningKeyPair();
  const payload = activityPayload();
  const code = '000000';

  // OTP: TEK keygen, bundle check, seal, stamp of the verification token; then all four together.
  add('TEK keygen (ECDSA, non-extractable)', 'OTP', [timed(() => generateSigningKeyPair())]);
  add('target bundle check (parse, pin, ECDSA verify)', 'OTP', [
    timed(() => verifyOtpTargetBundle(otp.bundle, otp.environment)),
  ]);
  add('seal code (HPKE P-256, AES-256-GCM)', 'OTP', [
    timed(() =>
      sealOtpPlaintext({
        targetPublicKey: target.targetPublicKey,
        otpCode: code,
        publicKeyHex: signing.publicKeyHex,
      }),
    ),
  ]);
  add('stamp of the verification token', 'OTP', [
    {
      prepare: async () => otp.tokenFor(signing.publicKeyHex),
      run: (token) => createStamp({ payload: token as string, keyPair: signing }),
    },
  ]);
  // The verification token is the service's answer to the sealed code: made untimed between the
  // two timed steps, like the bundle and sealed keys.
  add('OTP sign-in total (encryptOtpCode + stamp)', 'OTP', [
    timed(() =>
      encryptOtpCode({
        otpEncryptionTargetBundle: otp.bundle,
        otpCode: code,
        environment: otp.environment,
      }),
    ),
    {
      prepare: async (previous) => {
        const { sessionKeyPair } = previous as Awaited<ReturnType<typeof encryptOtpCode>>;
        return { payload: otp.tokenFor(sessionKeyPair.publicKeyHex), keyPair: sessionKeyPair };
      },
      run: (input) => createStamp(input as Parameters<typeof createStamp>[0]),
    },
  ]);

  // OAuth and passkey: client key, nonce or challenge encoding, then open + import the sealed key.
  const challengeHex = bytesToHex(crypto.getRandomValues(new Uint8Array(32)));
  const keygen = () => createClientKey('documented');
  // The service's side (sealing to the client key) is prepared, never timed.
  const sealedFor = async (previous: unknown) => {
    const clientKey = (previous as ClientKey | undefined) ?? (await keygen());
    return { clientKey, sealed: (await sealSessionKeyTo(clientKey.clientPublicKey)).sealed };
  };
  const open: Step = {
    prepare: sealedFor,
    run: (input) => {
      const { clientKey, sealed } = input as { clientKey: ClientKey; sealed: string };
      return resolveSessionKey({ clientKey, encryptedSessionSigningKey: sealed });
    },
  };
  const encodeChallenge = async () => bytesToBase64Url(passkeyChallengeToBytes(challengeHex));
  add('client key (ECDH, non-extractable)', 'OAuth', [timed(keygen)]);
  add('nonce (SHA-256 of clientPublicKey)', 'OAuth', [
    timed(() => createOAuthNonce(probeKey.clientPublicKey)),
  ]);
  add('sealed key open + ECDSA import', 'OAuth', [open]);
  add('challenge encoding (UTF-8 bytes, b64url)', 'Passkey', [timed(encodeChallenge)]);
  add('OAuth sign-in total (key, nonce, open)', 'OAuth', [
    timed(async () => {
      const clientKey = await keygen();
      await createOAuthNonce(clientKey.clientPublicKey);
      return clientKey;
    }),
    open,
  ]);
  add('Passkey sign-in total (key, challenge, open)', 'Passkey', [
    timed(async () => {
      const clientKey = await keygen();
      await encodeChallenge();
      return clientKey;
    }),
    open,
  ]);
  add('stamp of a ~300-byte activity', 'Stamp', [
    timed(() => createStamp({ payload, keyPair: signing })),
  ]);

  for (const raw of await rawOperations()) {
    add(raw.name, 'WebCrypto', [timed(raw.run)]);
  }
  const results = await sampleRows(config, rows);
  return {
    crossOriginIsolated: globalThis.crossOriginIsolated === true,
    userAgent: navigator.userAgent,
    results,
    checks,
  };
}

(globalThis as { runCryptoBench?: typeof runCryptoBench }).runCryptoBench = runCryptoBench;
