/**
 * Where load figures go: printed as one block per run, and merged into `.reports/load.json`
 * (ignored by git) so the figures of the last `pnpm test:load` can be quoted.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const file = fileURLToPath(new URL('../../.reports/load.json', import.meta.url));

/** Prints `figures` under `id` and stores them with the time of the run. */
export function recordFigures(id: string, figures: Record<string, unknown>): void {
  const lines = Object.entries(figures).map(
    ([name, value]) =>
      `  ${name.padEnd(30)} ${typeof value === 'number' ? round(value) : JSON.stringify(value)}`,
  );
  process.stdout.write(`\n${id}\n${lines.join('\n')}\n`);
  mkdirSync(fileURLToPath(new URL('../../.reports/', import.meta.url)), { recursive: true });
  const all: Record<string, unknown> = existsSync(file)
    ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>)
    : {};
  all[id] = { at: new Date().toISOString(), ...figures };
  writeFileSync(file, `${JSON.stringify(all, null, 2)}\n`);
}

function round(value: number): string {
  return Number.isInteger(value) ? String(value) : value.toFixed(2);
}

/** True when the run should hold the catalogue's throughput and latency targets. */
export const STRICT_TARGETS = process.env.LOAD_STRICT === '1';
