/** The machine, versions and date the report was measured with. */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, release, totalmem, type } from 'node:os';
import { fileURLToPath } from 'node:url';

/** Facts printed at the top of the report. */
export interface MachineFacts {
  date: string;
  cpu: string;
  cores: number;
  memoryGiB: number;
  /** 1-, 5- and 15-minute load averages when the run started. */
  loadAverage: number[];
  os: string;
  node: string;
  pnpm: string;
  commit: string;
  /** Versions of the tools and libraries the figures depend on. */
  versions: Record<string, string>;
}

const root = fileURLToPath(new URL('../../', import.meta.url));

function output(command: string, args: string[]): string {
  try {
    return execFileSync(command, args, {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return 'unknown';
  }
}

function osName(): string {
  try {
    const pretty = /^PRETTY_NAME="?([^"\n]+)"?/m.exec(readFileSync('/etc/os-release', 'utf8'))?.[1];
    return `${pretty ?? type()} (${type()} ${release()})`;
  } catch {
    return `${type()} ${release()}`;
  }
}

function installedVersion(name: string, from: string): string {
  try {
    const manifest = readFileSync(`${root}${from}/node_modules/${name}/package.json`, 'utf8');
    return (JSON.parse(manifest) as { version: string }).version;
  } catch {
    return 'not installed';
  }
}

/** Collects the facts (nothing here takes more than a few ms but `git` and `pnpm`). */
export function machineFacts(): MachineFacts {
  const dirty =
    output('git', ['status', '--porcelain']) === '' ? '' : ' (with uncommitted changes)';
  return {
    date: new Date().toISOString(),
    cpu: cpus()[0]?.model ?? 'unknown',
    cores: availableParallelism(),
    memoryGiB: Math.round((totalmem() / 2 ** 30) * 10) / 10,
    loadAverage: loadavg().map((value) => Math.round(value * 100) / 100),
    os: osName(),
    node: process.version,
    pnpm: output('pnpm', ['--version']),
    commit: `${output('git', ['rev-parse', '--short', 'HEAD'])}${dirty}`,
    versions: {
      esbuild: installedVersion('esbuild', ''),
      playwright: installedVersion('playwright', ''),
      autocannon: installedVersion('autocannon', ''),
      '@noble/curves': installedVersion('@noble/curves', 'packages/core'),
      '@hpke/core': installedVersion('@hpke/core', 'packages/core'),
      hono: installedVersion('hono', 'packages/proxy'),
      '@hono/node-server': installedVersion('@hono/node-server', 'packages/proxy'),
    },
  };
}
