/**
 * Section 1 (kit side): the entries of `scripts/size-report.mjs`, measured by its own
 * `measureBundle` (esbuild, minified, gzip -9, React and TanStack Query external), plus an esbuild
 * metafile breakdown and, for each third-party library, the gzip bytes the entry loses when that
 * library is left out — what each one costs, measured rather than estimated.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

/** One bundle figure (or why there is none). */
export interface BundleFigure {
  name: string;
  minified?: number;
  gzip?: number;
  cssGzip?: number;
  error?: string;
  unresolved?: string[];
  metafile?: { outputs: Record<string, { inputs: Record<string, { bytesInOutput: number }> }> };
}

/** The parts of `scripts/size-report.mjs` the bench uses. */
export interface SizeReportModule {
  BUDGETS: Record<string, number>;
  KIT_ENTRIES: Record<string, string>;
  APP_EXTERNALS: string[];
  measureBundle(
    name: string,
    source: string,
    options?: {
      metafile?: boolean;
      resolveDir?: string;
      conditions?: string[];
      external?: string[];
    },
  ): Promise<BundleFigure>;
}

/** Minified bytes of one module group inside a bundle. */
export interface Contribution {
  group: string;
  minifiedBytes: number;
}

/** What leaving one library out of an entry saves. */
export interface LibraryCost {
  library: string;
  gzipSaved: number;
}

/** An entry built with code splitting, as an app bundler would: what loads first, what later. */
export interface SplitFigure {
  /** gzip of the entry chunk (what loads with the page). */
  initialGzip: number;
  /** gzip of the chunks behind dynamic `import()`s. */
  lazyGzip: number;
}

/** Breakdown of one entry. */
export interface EntryAnalysis {
  entry: string;
  groups: Contribution[];
  libraries: LibraryCost[];
  split: SplitFigure;
  /** The split entry chunk with the listed libraries out of it (lazy-loaded or replaced). */
  withoutHeavyLibraries: { libraries: string[]; initialGzip: number };
}

/** Libraries the "what if" row leaves out of the entry chunk. */
export const HEAVY_LIBRARIES = ['@noble/curves', '@hpke/core', '@hpke/common', '@scure/base'];

const root = fileURLToPath(new URL('../../', import.meta.url));

/** Builds `source` with esbuild code splitting (same settings as `measureBundle` otherwise). */
export async function measureSplit(
  sizes: SizeReportModule,
  source: string,
  external: readonly string[] = [],
): Promise<SplitFigure> {
  const result = await build({
    entryPoints: ['virtual-entry'],
    plugins: [
      {
        name: 'virtual-entry',
        setup(plugin) {
          plugin.onResolve({ filter: /^virtual-entry$/ }, () => ({
            path: 'entry',
            namespace: 'virtual',
          }));
          plugin.onLoad({ filter: /.*/, namespace: 'virtual' }, () => ({
            contents: source,
            loader: 'js',
            resolveDir: join(root, 'apps/demo'),
          }));
        },
      },
    ],
    bundle: true,
    splitting: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    outdir: 'out',
    conditions: ['@wallet-auth/source', 'module'],
    external: [...sizes.APP_EXTERNALS, ...external.flatMap((name) => [name, `${name}/*`])],
    logLevel: 'silent',
    define: { 'process.env.NODE_ENV': '"production"', global: 'globalThis' },
  });
  let initialGzip = 0;
  let lazyGzip = 0;
  for (const file of result.outputFiles) {
    const gzip = gzipSync(file.contents, { level: 9 }).length;
    if (file.path.endsWith('/out/virtual-entry.js')) {
      initialGzip += gzip;
    } else {
      lazyGzip += gzip;
    }
  }
  return { initialGzip, lazyGzip };
}

/** Section 1's kit figures. */
export interface KitSizes {
  budgets: Record<string, number>;
  entries: BundleFigure[];
  analyses: EntryAnalysis[];
}

/** Loads the lead's size script as a module (plain `.mjs`, typed here). */
export async function loadSizeReport(): Promise<SizeReportModule> {
  const url = new URL('../../scripts/size-report.mjs', import.meta.url);
  return (await import(fileURLToPath(url))) as SizeReportModule;
}

/** Groups a bundle input path: an npm package by name, kit source by package and folder. */
export function groupOf(path: string): string {
  const modules = path.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const [scope, name] = path.slice(modules + 'node_modules/'.length).split('/');
    return scope?.startsWith('@') ? `${scope}/${name}` : (scope ?? path);
  }
  const kit = /packages\/([^/]+)\/src\/(?:([^/]+)\/)?/.exec(path);
  if (kit !== null) {
    return `@wallet-auth/${kit[1]}${kit[2] === undefined ? '' : ` ${kit[2]}/`}`;
  }
  return path;
}

/** Sums `bytesInOutput` per group over every output of a metafile, largest first. */
export function contributions(metafile: NonNullable<BundleFigure['metafile']>): Contribution[] {
  const sums = new Map<string, number>();
  for (const output of Object.values(metafile.outputs)) {
    for (const [path, input] of Object.entries(output.inputs)) {
      const group = groupOf(path);
      sums.set(group, (sums.get(group) ?? 0) + input.bytesInOutput);
    }
  }
  return [...sums]
    .map(([group, minifiedBytes]) => ({ group, minifiedBytes }))
    .filter((c) => c.minifiedBytes > 0)
    .sort((a, b) => b.minifiedBytes - a.minifiedBytes);
}

const ANALYSED = ['core', 'core (OTP sign-in only)', 'sign-in screen (OTP, passkey, OAuth)'];

/** Measures every kit entry and analyses the budgeted ones. */
export async function measureKitSizes(): Promise<KitSizes> {
  const sizes = await loadSizeReport();
  const entries: BundleFigure[] = [];
  const analyses: EntryAnalysis[] = [];
  for (const [name, source] of Object.entries(sizes.KIT_ENTRIES)) {
    const figure = await sizes.measureBundle(name, source, { metafile: true });
    entries.push({ ...figure, metafile: undefined });
    if (!ANALYSED.includes(name) || figure.metafile === undefined || figure.gzip === undefined) {
      continue;
    }
    const groups = contributions(figure.metafile);
    const libraries: LibraryCost[] = [];
    for (const group of groups) {
      if (group.group.startsWith('@wallet-auth/') || group.minifiedBytes < 300) {
        continue;
      }
      const without = await sizes.measureBundle(name, source, {
        external: [group.group, `${group.group}/*`],
      });
      if (without.gzip !== undefined) {
        libraries.push({ library: group.group, gzipSaved: figure.gzip - without.gzip });
      }
    }
    analyses.push({
      entry: name,
      groups,
      libraries,
      split: await measureSplit(sizes, source),
      withoutHeavyLibraries: {
        libraries: HEAVY_LIBRARIES,
        initialGzip: (await measureSplit(sizes, source, HEAVY_LIBRARIES)).initialGzip,
      },
    });
  }
  return { budgets: sizes.BUDGETS, entries, analyses };
}
