import { describe, expect, it } from 'vitest';
import { startServer } from './start-server.js';

const SERVER = `require('node:http').createServer((q, s) => s.end(process.env.GREETING)).listen(Number(process.env.PORT), '127.0.0.1')`;

describe('startServer', () => {
  it('given a server that listens on PORT, should resolve once it answers and stop it', async () => {
    const running = await startServer({
      command: process.execPath,
      args: ['-e', SERVER],
      env: { GREETING: 'hello' },
    });
    expect(running.url).toBe(`http://localhost:${running.port}`);
    expect(await (await fetch(`http://127.0.0.1:${running.port}/`)).text()).toBe('hello');
    await running.stop();
    await expect(fetch(`http://127.0.0.1:${running.port}/`)).rejects.toThrow();
  });

  it('given a command that exits or cannot run, should reject with what it printed', async () => {
    await expect(
      startServer({
        command: process.execPath,
        args: ['-e', 'console.error("boom"); process.exit(3)'],
      }),
    ).rejects.toThrow(/exited \(3\) before answering:\nboom/);
    await expect(startServer({ command: 'no-such-command-wallet-auth' })).rejects.toThrow(
      /could not run "no-such-command-wallet-auth"/,
    );
  });
});
