/**
 * Reliability catalogue: tests talk to loopback only (the guard of
 * `test/loopback-guard.ts`, proven here against real sockets), and dependencies are pinned and
 * locked (every manifest of the workspace pins exact versions, the lockfile is tracked and agrees
 * with every manifest, and the engines field admits the Node that runs the suite).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createServer, request } from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  installLoopbackGuard,
  isLoopbackGuardInstalled,
  isLoopbackHost,
  takeLoopbackViolations,
  uninstallLoopbackGuard,
} from '../test/loopback-guard.js';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

describe('loopback only (catalogue X-02)', () => {
  let port = 0;
  let installedHere = false;
  const server = createServer((_req, res) => res.end('ok'));
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
    // The setup file normally installed it already; install it here when run without one.
    installedHere = !isLoopbackGuardInstalled();
    installLoopbackGuard();
    takeLoopbackViolations();
  });
  afterAll(async () => {
    if (installedHere) {
      uninstallLoopbackGuard();
    }
    await new Promise((resolve) => server.close(resolve));
  });

  it('X-02: given the guard, loopback fetch and http should work and any other address should be refused before a packet leaves, and be recorded', async () => {
    expect(await (await fetch(`http://127.0.0.1:${port}/`)).text()).toBe('ok');
    expect(await (await fetch(`http://localhost:${port}/`)).text()).toBe('ok');
    await new Promise<void>((resolve, reject) => {
      request(`http://127.0.0.1:${port}/`, (res) => res.resume().on('end', resolve))
        .on('error', reject)
        .end();
    });
    // 192.0.2.0/24 is TEST-NET-1 (never routed); a hostname never reaches DNS either.
    await expect(
      fetch('http://192.0.2.1:8080/', { signal: AbortSignal.timeout(5000) }),
    ).rejects.toThrow();
    await expect(fetch('https://example.com/')).rejects.toThrow();
    expect(() => net.connect({ host: '10.0.0.1', port: 80 })).toThrow(/loopback guard/);
    expect(() => net.connect(443, 'registry.npmjs.org')).toThrow(/loopback guard/);
    const violations = takeLoopbackViolations();
    expect(violations.map((v) => v.host)).toEqual(
      expect.arrayContaining(['192.0.2.1', 'example.com', '10.0.0.1', 'registry.npmjs.org']),
    );
    expect(takeLoopbackViolations()).toEqual([]);
  });

  it('X-02: should tell loopback hosts from others', () => {
    for (const host of [
      'localhost',
      '127.0.0.1',
      '127.1.2.3',
      '::1',
      '[::1]',
      '::ffff:127.0.0.1',
    ]) {
      expect(isLoopbackHost(host), host).toBe(true);
    }
    for (const host of [
      '0.0.0.0',
      '10.0.0.1',
      '128.0.0.1',
      'localhost.evil.example',
      '::',
      'example.com',
      '127.0.0.1.nip.io',
    ]) {
      expect(isLoopbackHost(host), host).toBe(false);
    }
  });
});

describe('dependencies pinned and locked (catalogue X-03)', () => {
  const manifests = ['package.json']
    .concat(
      ['packages', 'apps'].flatMap((dir) =>
        existsSync(join(ROOT, dir))
          ? readdirSync(join(ROOT, dir)).map((name) => join(dir, name, 'package.json'))
          : [],
      ),
    )
    .concat(['e2e/package.json'])
    .filter((file) => existsSync(join(ROOT, file)));
  const lockfile = readFileSync(join(ROOT, 'pnpm-lock.yaml'), 'utf8');

  /** `importers:` of the lockfile: importer dir → dependency name → specifier. */
  function lockedSpecifiers(): Map<string, Map<string, string>> {
    const importers = new Map<string, Map<string, string>>();
    const section = lockfile.slice(
      lockfile.indexOf('\nimporters:'),
      lockfile.indexOf('\npackages:'),
    );
    let importer: Map<string, string> | undefined;
    let dependency: string | undefined;
    for (const line of section.split('\n')) {
      const importerMatch = /^ {2}(\S[^:]*):$/.exec(line);
      if (importerMatch) {
        importer = new Map();
        importers.set(importerMatch[1]!, importer);
        continue;
      }
      const dependencyMatch = /^ {6}'?([^':]+(?::[^':]+)?)'?:$/.exec(line);
      if (dependencyMatch) {
        dependency = dependencyMatch[1];
        continue;
      }
      const specifier = /^ {8}specifier: (.+)$/.exec(line);
      if (specifier && importer !== undefined && dependency !== undefined) {
        importer.set(dependency, specifier[1]!.replace(/^'|'$/g, ''));
      }
    }
    return importers;
  }

  it('X-03: every workspace manifest should pin exact versions (or workspace:*), and the lockfile should list each with the same specifier', () => {
    const locked = lockedSpecifiers();
    expect(manifests.length).toBeGreaterThan(5);
    for (const file of manifests) {
      const manifest = JSON.parse(readFileSync(join(ROOT, file), 'utf8')) as Record<
        string,
        Record<string, string> | undefined
      >;
      const dir = file === 'package.json' ? '.' : file.replace(/\/package\.json$/, '');
      for (const group of ['dependencies', 'devDependencies', 'optionalDependencies']) {
        for (const [name, version] of Object.entries(manifest[group] ?? {})) {
          expect(version, `${file} ${name}`).toMatch(
            /^(\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?|workspace:\*)$/,
          );
          expect(locked.get(dir)?.get(name), `${dir} ${name} in pnpm-lock.yaml`).toBe(version);
        }
      }
    }
  });

  it('X-03: the lockfile should be tracked by git and the engines field should admit this Node', () => {
    if (existsSync(join(ROOT, '.git'))) {
      const tracked = execFileSync('git', ['ls-files', '--error-unmatch', 'pnpm-lock.yaml'], {
        cwd: ROOT,
        encoding: 'utf8',
      });
      expect(tracked.trim()).toBe('pnpm-lock.yaml');
    }
    const root = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
      engines?: { node?: string };
    };
    const range = root.engines?.node ?? '';
    const floor = /^>=(\d+)\.(\d+)(?:\.(\d+))?$/.exec(range);
    expect(floor, `engines.node "${range}" should be a >= floor`).not.toBeNull();
    const [major, minor, patch] = process.versions.node.split('.').map(Number) as [
      number,
      number,
      number,
    ];
    const want = [Number(floor![1]), Number(floor![2]), Number(floor![3] ?? 0)] as const;
    const atLeast =
      major > want[0] ||
      (major === want[0] && (minor > want[1] || (minor === want[1] && patch >= want[2])));
    expect(atLeast, `Node ${process.versions.node} vs ${range}`).toBe(true);
  });
});
