/**
 * Section 2: client crypto per sign-in in headless Chromium. The page (`bench/browser/`) is
 * bundled with esbuild, served from a loopback server with COOP/COEP (cross-origin isolation, so
 * `performance.now()` is not clamped to 100 µs) and driven through Playwright.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { chromium } from 'playwright';
import type { CryptoBenchConfig, CryptoBenchResult } from '../browser/crypto-page.js';

/** Section 2's figures and where they were taken. */
export interface ClientCryptoReport extends CryptoBenchResult {
  browserVersion: string;
  config: CryptoBenchConfig;
}

/** The Chromium the project tests with (docs/contributing.md §4). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

async function bundlePage(): Promise<string> {
  const result = await build({
    entryPoints: [fileURLToPath(new URL('../browser/crypto-page.ts', import.meta.url))],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    write: false,
    conditions: ['@wallet-auth/source'],
    logLevel: 'silent',
  });
  const file = result.outputFiles[0];
  if (file === undefined) {
    throw new Error('esbuild wrote no page bundle');
  }
  return file.text;
}

function serve(script: string): Promise<{ server: Server; url: string }> {
  const html =
    '<!doctype html><meta charset="utf-8"><title>crypto bench</title><script type="module" src="/bench.js"></script>';
  const server = createServer((request, response) => {
    const isolation = {
      'Cross-Origin-Opener-Policy': 'same-origin',
      'Cross-Origin-Embedder-Policy': 'require-corp',
      'Cross-Origin-Resource-Policy': 'same-origin',
      'Cache-Control': 'no-store',
    };
    if (request.url === '/bench.js') {
      response.writeHead(200, { ...isolation, 'Content-Type': 'text/javascript' }).end(script);
    } else if (request.url === '/') {
      response.writeHead(200, { ...isolation, 'Content-Type': 'text/html' }).end(html);
    } else {
      response.writeHead(404).end();
    }
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/` });
    });
  });
}

/** Runs the page's bench once; fails when the page is not cross-origin isolated. */
export async function measureClientCrypto(config: CryptoBenchConfig): Promise<ClientCryptoReport> {
  const script = await bundlePage();
  const { server, url } = await serve(script);
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  try {
    const page = await browser.newPage();
    await page.goto(url);
    await page.waitForFunction(() => 'runCryptoBench' in globalThis, undefined, {
      timeout: 30_000,
    });
    const result = await page.evaluate(
      (options) =>
        (
          globalThis as unknown as {
            runCryptoBench: (c: typeof options) => Promise<CryptoBenchResult>;
          }
        ).runCryptoBench(options),
      config,
    );
    if (!result.crossOriginIsolated) {
      throw new Error('the bench page is not cross-origin isolated: timings would be clamped');
    }
    return { ...result, browserVersion: browser.version(), config };
  } finally {
    await browser.close();
    await new Promise((resolve) => server.close(resolve));
  }
}
