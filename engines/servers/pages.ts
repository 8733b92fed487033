/**
 * Builds the specs' browser code with esbuild and serves it on localhost (a secure context in every
 * engine): the kit page (`pages/kit-page.ts`, the kit's real modules with its on-demand chunks
 * split out as in an app) and the probe script the locators send with each call.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { type BuildOptions, build } from 'esbuild';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

const common: BuildOptions = {
  bundle: true,
  platform: 'browser',
  target: 'es2022',
  write: false,
  conditions: ['@wallet-auth/source'],
  logLevel: 'silent',
  legalComments: 'none',
};

/** The probe (`probe/probe.ts`) as one script defining `var __probe`. */
export async function buildProbe(): Promise<string> {
  const result = await build({
    ...common,
    entryPoints: [here('../probe/probe.ts')],
    format: 'iife',
    globalName: '__probe',
    minify: true,
  });
  const file = result.outputFiles?.[0];
  if (file === undefined) {
    throw new Error('esbuild wrote no probe script');
  }
  return file.text;
}

/** The kit page's files, path → contents. */
async function buildKitPage(): Promise<Map<string, string>> {
  const result = await build({
    ...common,
    entryPoints: { 'kit-page': here('../pages/kit-page.ts') },
    format: 'esm',
    splitting: true,
    outdir: '/assets',
    entryNames: '[name]',
    chunkNames: 'chunk-[hash]',
    minify: true,
  });
  const files = new Map<string, string>();
  for (const file of result.outputFiles ?? []) {
    files.set(file.path, file.text);
  }
  files.set(
    '/kit.html',
    '<!doctype html><html lang="en"><meta charset="utf-8"><title>kit loading</title><script type="module" src="/assets/kit-page.js"></script></html>',
  );
  return files;
}

/** A running pages server. */
export interface PagesServer {
  /** The kit page, e.g. `http://localhost:40123/kit.html`. */
  kitUrl: string;
  close(): Promise<void>;
}

/** Builds the kit page and serves it on a free loopback port. */
export async function startPagesServer(): Promise<PagesServer> {
  const files = await buildKitPage();
  const server: Server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    const body = files.get(path);
    if (body === undefined) {
      response.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
      return;
    }
    response
      .writeHead(200, {
        'Content-Type': path.endsWith('.html')
          ? 'text/html; charset=utf-8'
          : 'text/javascript; charset=utf-8',
        'Cache-Control': 'no-store',
      })
      .end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, 'localhost', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    kitUrl: `http://localhost:${port}/kit.html`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
