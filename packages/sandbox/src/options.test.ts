import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { p256 } from '@noble/curves/nist.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { describe, expect, it } from 'vitest';
import { createSandbox } from './app.js';
import {
  SANDBOX_DEVELOPMENT_ENCLAVE_KEY,
  SANDBOX_DEVELOPMENT_ENCLAVE_PUBLIC_KEY,
} from './magic-values.js';
import { resolveSandboxOptions, SandboxOptionsError } from './options.js';

describe('emulator options (docs/protocol.md §14)', () => {
  it('given no options, should resolve the §14 defaults', () => {
    const resolved = resolveSandboxOptions();
    expect(resolved).toMatchObject({
      platform: {
        regulated: false,
        skipVerificationPaperwork: false,
        smsOtpCredentials: false,
        accountActivationSeconds: 0,
      },
      sessionLifetimeSeconds: 900,
      challengeLifetimeSeconds: 300,
      otpLifetimeSeconds: 300,
      oidcIssuers: [],
      oidcJwks: {},
      processing: {},
      acceptLegacyMagicValues: true,
      signExportBundles: false,
      requireUserVerification: false,
      webauthn: { rpId: 'localhost' },
      signatureHeaderName: 'Service-Wallet-Signature',
      rateLimits: {
        challengesPerWindow: 5,
        windowSeconds: 600,
        verifyFailuresBeforeLock: 5,
        lockSeconds: 300,
      },
      exchangeRates: {
        USDC: { USD: { coefficient: 1n, exponent: 0, value: 1 } },
        USD: { USDC: { coefficient: 1n, exponent: 0, value: 1 } },
      },
    });
  });

  it('given unknown or mistyped options, should refuse each with a message naming it', () => {
    const cases: [unknown, RegExp][] = [
      [{ sessionLifetime: 1 }, /sessionLifetime/],
      [{ platform: { regulatd: true } }, /platform\.regulatd/],
      [{ rateLimits: { perMinute: 1 } }, /rateLimits\.perMinute/],
      [{ webauthn: { rpID: 'x' } }, /webauthn\.rpID/],
      [{ processing: { 'GET /customers/internal-accounts': 1 } }, /never answers PROCESSING/],
      [{ processing: { 'POST /auth/credentials': -2 } }, /integer ≥ -1/],
      [
        { faults: { seed: 1, rules: [{ route: 'GET /nope', rate: 1, kind: 'serverError' }] } },
        /faults\.rules\[0\]\.route/,
      ],
      [{ faults: { seed: 1, rules: [{ route: '*', rate: 2, kind: 'serverError' }] } }, /rate/],
      [{ faults: { seed: 1, rules: [{ route: '*', rate: 1, kind: 'explode' }] } }, /kind/],
      [{ faults: { seed: 1, rules: [{ route: '*', rate: 1, kind: 'latency' }] } }, /ms/],
      [
        { faults: { seed: 1, rules: [{ route: '*', rate: 1, kind: 'serverError', extra: 1 }] } },
        /extra/,
      ],
      [{ faults: { rules: [] } }, /faults/],
      [{ enclaveSigningKey: 'abc' }, /enclaveSigningKey/],
      [{ enclaveSigningKey: 'Random' }, /enclaveSigningKey/],
      [{ oidcJwks: { 'https://x': [] } }, /oidcJwks/],
      [{ webauthn: { origins: ['localhost:3000'] } }, /webauthn\.origins/],
      [{ signatureHeaderName: 'Bad Header' }, /signatureHeaderName/],
      [{ sessionLifetimeSeconds: -1 }, /sessionLifetimeSeconds/],
      [{ acceptLegacyMagicValues: 'yes' }, /acceptLegacyMagicValues/],
      [{ clientSecret: '' }, /clientSecret/],
    ];
    for (const [options, message] of cases) {
      expect(() => resolveSandboxOptions(options as never)).toThrow(SandboxOptionsError);
      expect(() => resolveSandboxOptions(options as never)).toThrow(message);
    }
  });

  it('EMU-08: given enclaveSigningKey, should expose its pub65 as enclavePublicKey; a random key with "random", differing per instance', () => {
    const fixed = createSandbox({
      enclaveSigningKey: 'f780279fd2d6e2301366aa01835b4f584126ea129d2ba520eca6a502cc44c1b9',
    });
    expect(fixed.enclavePublicKey).toBe(
      '04d276de59cff27fa5e097645d1f5352391ef05cbf3a9898b89de015b779e2b053cba0b617e73c4981b428b6f2687156fc5e7b248d3a2db0a3c38f48cf28d613d9',
    );
    expect(createSandbox({ enclaveSigningKey: 'random' }).enclavePublicKey).not.toBe(
      createSandbox({ enclaveSigningKey: 'random' }).enclavePublicKey,
    );
  });

  it('EMU-08: given no enclaveSigningKey, should sign with the published development key, whose public key is the exported constant', () => {
    const sk = sha256(utf8ToBytes('wallet-auth-kit sandbox development enclave key v1'));
    expect(SANDBOX_DEVELOPMENT_ENCLAVE_KEY).toBe(bytesToHex(sk));
    expect(SANDBOX_DEVELOPMENT_ENCLAVE_PUBLIC_KEY).toBe(bytesToHex(p256.getPublicKey(sk, false)));
    expect(createSandbox().enclavePublicKey).toBe(SANDBOX_DEVELOPMENT_ENCLAVE_PUBLIC_KEY);
    expect(createSandbox().enclavePublicKey).toBe(createSandbox().enclavePublicKey);
  });

  it('EMU-09: given two instances, should share no state', async () => {
    const a = createSandbox();
    const b = createSandbox();
    a.seedCustomer({ customerType: 'INDIVIDUAL', email: 'a@example.com' });
    const auth = { Authorization: `Basic ${btoa('sandbox-client-id:sandbox-client-secret')}` };
    const list = await b.fetch(
      new Request('http://x/2025-10-13/customers/internal-accounts?type=EMBEDDED_WALLET', {
        headers: auth,
      }),
    );
    expect((await list.json()).totalCount).toBe(0);
  });
});

describe('pnpm sandbox (cli.ts)', () => {
  const cli = fileURLToPath(new URL('./cli.ts', import.meta.url));
  const tsx = fileURLToPath(new URL('../../../node_modules/.bin/tsx', import.meta.url));

  function run(
    args: string[],
  ): Promise<{ firstLine: string; code: number | null; stderr: string }> {
    return new Promise((resolve, reject) => {
      const child = spawn(tsx, [cli, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
      let stdout = '';
      let stderr = '';
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        reject(new Error(`cli did not start: ${stderr}`));
      }, 20_000);
      child.stdout.on('data', (chunk: Buffer) => {
        stdout += chunk.toString();
        if (stdout.includes('\n')) {
          child.kill('SIGTERM');
        }
      });
      child.stderr.on('data', (chunk: Buffer) => {
        stderr += chunk.toString();
      });
      child.on('exit', (code) => {
        clearTimeout(timer);
        resolve({ firstLine: stdout.split('\n')[0] ?? '', code, stderr });
      });
    });
  }

  it('EMU-01: given --port 0, should bind 127.0.0.1 by default and print the listening line first', async () => {
    const { firstLine } = await run(['--port', '0']);
    expect(firstLine).toMatch(/^listening on http:\/\/127\.0\.0\.1:\d+\/2025-10-13$/);
  }, 30_000);

  it('given --config with every option a file can carry (webhooks included), should start', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sandbox-cli-'));
    const file = join(dir, 'sandbox.json');
    writeFileSync(
      file,
      JSON.stringify({
        platform: {
          regulated: false,
          skipVerificationPaperwork: true,
          smsOtpCredentials: true,
          accountActivationSeconds: 1,
        },
        sessionLifetimeSeconds: 600,
        challengeLifetimeSeconds: 120,
        otpLifetimeSeconds: 120,
        oidcIssuers: ['https://issuer.example'],
        oidcJwks: { 'https://issuer.example': { keys: [] } },
        processing: { 'POST /quotes/{quoteId}/execute': 1 },
        acceptLegacyMagicValues: false,
        signExportBundles: true,
        requireUserVerification: true,
        enclaveSigningKey: 'f780279fd2d6e2301366aa01835b4f584126ea129d2ba520eca6a502cc44c1b9',
        webauthn: { rpId: 'localhost', origins: ['http://localhost:5173'] },
        signatureHeaderName: 'X-Wallet-Stamp',
        faults: { seed: 1, rules: [{ route: 'POST /documents', rate: 0, kind: 'serverError' }] },
        rateLimits: { challengesPerWindow: 0 },
        exchangeRates: { USDC: { USD: 1, EUR: '0.92' }, BTC: { USD: 97_123.45 } },
        webhooks: { url: 'http://127.0.0.1:9/hooks', secret: 'shh', maxAttempts: 2 },
        clientId: 'cli-id',
        clientSecret: 'cli-secret',
      }),
    );
    const { firstLine, stderr } = await run(['--port', '0', '--config', file]);
    expect(firstLine, stderr).toMatch(/^listening on http:\/\/127\.0\.0\.1:\d+\/2025-10-13$/);
  }, 30_000);

  it('given --config with an unknown option, should exit 2 naming it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sandbox-cli-'));
    const file = join(dir, 'sandbox.json');
    writeFileSync(file, JSON.stringify({ sessionLifetime: 5 }));
    const { code, stderr } = await run(['--port', '0', '--config', file]);
    expect(code).toBe(2);
    expect(stderr).toContain('Unknown sandbox option "sessionLifetime"');
  }, 30_000);
});
