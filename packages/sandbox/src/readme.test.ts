/**
 * The README's EMAIL_OTP script is run as written (Node 20, @hpke/core, WebCrypto) against a real
 * emulator on a loopback port, so the documentation cannot drift from the emulator.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { describe, expect, it } from 'vitest';
import { createSandbox } from './app.js';

describe('README', () => {
  it('given the EMAIL_OTP script, should sign in and print 200 with a session', async () => {
    const readme = readFileSync(fileURLToPath(new URL('../README.md', import.meta.url)), 'utf8');
    const script = /<!-- readme-otp-script -->\n```js\n([\s\S]*?)```/.exec(readme)?.[1];
    expect(script).toBeDefined();
    const dir = mkdtempSync(join(tmpdir(), 'sandbox-readme-'));
    symlinkSync(
      fileURLToPath(new URL('../node_modules', import.meta.url)),
      join(dir, 'node_modules'),
    );
    writeFileSync(join(dir, 'otp-sign-in.mjs'), script!);
    const sandbox = createSandbox({ acceptLegacyMagicValues: false });
    const server = serve({ fetch: sandbox.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((resolve) => server.once('listening', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const output = await new Promise<string>((resolve, reject) => {
        execFile(
          process.execPath,
          [join(dir, 'otp-sign-in.mjs')],
          {
            env: {
              ...process.env,
              SANDBOX_URL: `http://127.0.0.1:${port}/2025-10-13`,
              SANDBOX_ENCLAVE_KEY: sandbox.enclavePublicKey,
            },
            timeout: 20_000,
          },
          (error, stdout, stderr) =>
            error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(stdout),
        );
      });
      expect(output).toMatch(/^200 \{/);
      expect(output).toContain("type: 'EMAIL_OTP'");
      expect(output).not.toContain('encryptedSessionSigningKey');
    } finally {
      server.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 30_000);
});
