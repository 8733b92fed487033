/**
 * Rate limits of docs/protocol.md §11.5 (option `rateLimits`, each 0 = off): at most
 * `challengesPerWindow` challenges per credential per rolling `windowSeconds`, and
 * `verifyFailuresBeforeLock` consecutive verify failures lock the credential for `lockSeconds`
 * (correct attempts included); a success resets the count. Both answer 429 with `Retry-After`.
 */
import { rateLimited } from '../api-error.js';
import type { ResolvedSandboxOptions } from '../options.js';

interface CredentialLimits {
  challengeTimes: number[];
  failures: number;
  lockedUntil: number;
}

/** Per-credential counters of one emulator. */
export class RateLimiter {
  readonly #limits: ResolvedSandboxOptions['rateLimits'];
  readonly #clock: () => number;
  readonly #byCredential = new Map<string, CredentialLimits>();

  constructor(limits: ResolvedSandboxOptions['rateLimits'], clock: () => number) {
    this.#limits = limits;
    this.#clock = clock;
  }

  #entry(credentialId: string): CredentialLimits {
    let entry = this.#byCredential.get(credentialId);
    if (entry === undefined) {
      entry = { challengeTimes: [], failures: 0, lockedUntil: 0 };
      this.#byCredential.set(credentialId, entry);
    }
    return entry;
  }

  /** Throws 429 while the credential is locked after repeated verify failures. */
  assertNotLocked(credentialId: string): void {
    const entry = this.#byCredential.get(credentialId);
    const now = this.#clock();
    if (entry !== undefined && entry.lockedUntil > now) {
      throw rateLimited(
        (entry.lockedUntil - now) / 1000,
        'Too many failed verification attempts; try again later',
      );
    }
  }

  /** Counts one challenge issuance, or throws 429 when the rolling window is full. */
  takeChallenge(credentialId: string): void {
    const { challengesPerWindow, windowSeconds } = this.#limits;
    if (challengesPerWindow === 0 || windowSeconds === 0) {
      return;
    }
    const entry = this.#entry(credentialId);
    const now = this.#clock();
    const windowMs = windowSeconds * 1000;
    entry.challengeTimes = entry.challengeTimes.filter((time) => time > now - windowMs);
    if (entry.challengeTimes.length >= challengesPerWindow) {
      const oldest = entry.challengeTimes[0]!;
      throw rateLimited((oldest + windowMs - now) / 1000, 'Too many challenges; try again later');
    }
    entry.challengeTimes.push(now);
  }

  /** Counts one failed verify (OTP code, assertion, OIDC token); may start a lock. */
  recordFailure(credentialId: string): void {
    const { verifyFailuresBeforeLock, lockSeconds } = this.#limits;
    if (verifyFailuresBeforeLock === 0 || lockSeconds === 0) {
      return;
    }
    const entry = this.#entry(credentialId);
    entry.failures += 1;
    if (entry.failures >= verifyFailuresBeforeLock) {
      entry.failures = 0;
      entry.lockedUntil = this.#clock() + lockSeconds * 1000;
    }
  }

  /** A successful verify resets the failure count. */
  recordSuccess(credentialId: string): void {
    const entry = this.#byCredential.get(credentialId);
    if (entry !== undefined) {
      entry.failures = 0;
    }
  }

  /** Forgets a revoked credential. */
  forget(credentialId: string): void {
    this.#byCredential.delete(credentialId);
  }
}
