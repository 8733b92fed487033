/**
 * Section 1 (peer side): other embedded-wallet kits' typical sign-in imports, installed with npm in a
 * throwaway folder outside the workspace (kept between runs as a cache; the install is time-boxed)
 * and measured exactly like the kit: `measureBundle` of `scripts/size-report.mjs`.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BundleFigure, SizeReportModule } from './bundle-size.js';

/** Where the peer kits are installed (override with `BENCH_PEER_DIR`). */
export const PEER_DIR = process.env.BENCH_PEER_DIR ?? '/tmp/peer-kits';

/** Exact versions installed (react pinned below 19.2 for `@coinbase/cdp-react`'s peer range). */
export const PEER_DEPENDENCIES: Record<string, string> = {
  '@turnkey/react-wallet-kit': '2.4.3',
  '@coinbase/cdp-core': '0.0.106',
  '@coinbase/cdp-hooks': '0.0.106',
  '@coinbase/cdp-react': '0.0.106',
  '@privy-io/react-auth': '3.45.0',
  react: '19.1.1',
  'react-dom': '19.1.1',
};

/** Each kit's typical sign-in imports: provider, sign-in UI or hook, and its stylesheet. */
export const PEER_ENTRIES: { name: string; packages: string; source: string }[] = [
  {
    name: '@turnkey/react-wallet-kit',
    packages: '@turnkey/react-wallet-kit@2.4.3',
    source: `export { TurnkeyProvider, useTurnkey } from '@turnkey/react-wallet-kit';
import '@turnkey/react-wallet-kit/styles.css';`,
  },
  {
    name: '@coinbase/cdp-hooks + @coinbase/cdp-react',
    packages: '@coinbase/cdp-react@0.0.106, cdp-hooks@0.0.106, cdp-core@0.0.106',
    source: `export { CDPReactProvider, AuthButton } from '@coinbase/cdp-react';
export { useIsSignedIn, useEvmAddress, useSignOut } from '@coinbase/cdp-hooks';`,
  },
  {
    name: '@privy-io/react-auth',
    packages: '@privy-io/react-auth@3.45.0',
    source: `export { PrivyProvider, usePrivy, useLogin } from '@privy-io/react-auth';`,
  },
];

/** Outcome of the install step. */
export interface PeerInstall {
  ok: boolean;
  cached: boolean;
  seconds: number;
  message: string;
}

/** A peer entry's figure, with the modules that had to stay external (unresolvable optional peers). */
export interface PeerFigure extends BundleFigure {
  packages: string;
  leftExternal: string[];
}

function run(
  command: string,
  args: string[],
  cwd: string,
  timeoutMs: number,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    const timer = setTimeout(() => {
      output += `\n(killed after ${timeoutMs / 1000} s)`;
      child.kill('SIGKILL');
    }, timeoutMs);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

/** Installs the peer kits unless the cache already holds exactly these versions. */
export async function installPeerKits(timeoutMs: number): Promise<PeerInstall> {
  mkdirSync(PEER_DIR, { recursive: true });
  const manifest = `${JSON.stringify({ name: 'peer-kits-bench', private: true, dependencies: PEER_DEPENDENCIES }, null, 2)}\n`;
  const digest = createHash('sha256').update(manifest).digest('hex');
  const marker = join(PEER_DIR, '.installed');
  if (
    existsSync(marker) &&
    readFileSync(marker, 'utf8') === digest &&
    existsSync(join(PEER_DIR, 'node_modules'))
  ) {
    return { ok: true, cached: true, seconds: 0, message: 'cached' };
  }
  writeFileSync(join(PEER_DIR, 'package.json'), manifest);
  const started = Date.now();
  const { code, output } = await run(
    'npm',
    ['install', '--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error'],
    PEER_DIR,
    timeoutMs,
  );
  const seconds = (Date.now() - started) / 1000;
  if (code !== 0) {
    return {
      ok: false,
      cached: false,
      seconds,
      message: output.trim().split('\n').slice(-3).join(' '),
    };
  }
  writeFileSync(marker, digest);
  return { ok: true, cached: false, seconds, message: 'installed' };
}

/**
 * Measures each peer entry like the kit's; modules that cannot be resolved (optional peers the
 * kit imports lazily) are left external and listed, up to 5 retries.
 */
export async function measurePeerKits(sizes: SizeReportModule): Promise<PeerFigure[]> {
  const figures: PeerFigure[] = [];
  for (const entry of PEER_ENTRIES) {
    const external: string[] = [];
    let figure = await sizes.measureBundle(entry.name, entry.source, {
      resolveDir: PEER_DIR,
      conditions: [],
    });
    for (
      let attempt = 0;
      attempt < 5 && figure.unresolved !== undefined && figure.unresolved.length > 0;
      attempt++
    ) {
      external.push(...figure.unresolved);
      figure = await sizes.measureBundle(entry.name, entry.source, {
        resolveDir: PEER_DIR,
        conditions: [],
        external,
      });
    }
    figures.push({ ...figure, packages: entry.packages, leftExternal: external });
  }
  return figures;
}
