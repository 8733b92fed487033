import { describe, expect, it } from 'vitest';
import { startSandboxServer } from './node-server.js';
import { SandboxOptionsError } from './options.js';

describe('startSandboxServer', () => {
  it('given port 0, should serve the emulator on a free loopback port and close', async () => {
    const running = await startSandboxServer({
      sandbox: { clientId: 'fixture-id', clientSecret: 'fixture-secret' },
    });
    try {
      expect(running.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/2025-10-13$/);
      const response = await fetch(`${running.baseUrl}/customers`, {
        method: 'POST',
        headers: {
          Authorization: `Basic ${btoa('fixture-id:fixture-secret')}`,
          'Content-Type': 'application/json',
        },
        body: JSON.stringify({ customerType: 'INDIVIDUAL', email: 'node@example.com' }),
      });
      expect(response.status).toBe(201);
    } finally {
      await running.close();
    }
    await expect(fetch(`${running.baseUrl}/customers`)).rejects.toThrow();
  });

  it('given a taken port, should reject with EADDRINUSE; given bad options, should reject naming the option', async () => {
    const first = await startSandboxServer();
    try {
      const port = Number(new URL(first.url).port);
      await expect(startSandboxServer({ port })).rejects.toMatchObject({ code: 'EADDRINUSE' });
    } finally {
      await first.close();
    }
    await expect(startSandboxServer({ sandbox: { clientSecret: '' } })).rejects.toThrow(
      SandboxOptionsError,
    );
  });
});
