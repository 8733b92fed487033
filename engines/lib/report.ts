/** The per-engine result table, the failures (each naming its engine) and the count line. */
import type { EngineName } from '../drivers/types.js';
import type { RegisteredTest, TestResult } from './runner.js';

/** What one engine run was. */
export interface EngineRun {
  engine: EngineName;
  /** Browser and version, per profile launched. */
  versions: string[];
  driver: string;
  ms: number;
  /** Set when the engine could not be launched at all. */
  launchError?: string;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)}s`;

function cell(result: TestResult | undefined): string {
  if (result === undefined) {
    return '—'.padEnd(11);
  }
  return `${result.status === 'passed' ? 'pass' : 'FAIL'} ${seconds(result.ms)}`.padEnd(11);
}

function clip(text: string, width: number): string {
  return text.length <= width ? text : `${text.slice(0, width - 1)}…`;
}

/** Renders the report as text. */
export function formatReport(
  tests: readonly RegisteredTest[],
  runs: readonly EngineRun[],
  results: readonly TestResult[],
): string {
  const engines = runs.map((run) => run.engine);
  const lines: string[] = ['', 'Browser engines'];
  for (const run of runs) {
    lines.push(
      `  ${run.engine.padEnd(8)} ${run.versions.join(' / ') || 'not launched'} · ${run.driver} · ${seconds(run.ms)}`,
    );
    if (run.launchError !== undefined) {
      lines.push(`           could not launch: ${run.launchError}`);
    }
  }
  lines.push('', ` #  ${engines.map((engine) => engine.padEnd(11)).join(' ')} test`);
  tests.forEach((test, index) => {
    const cells = engines.map((engine) =>
      cell(results.find((result) => result.title === test.title && result.engine === engine)),
    );
    if (cells.every((text) => text.startsWith('—'))) {
      return;
    }
    lines.push(
      `${String(index + 1).padStart(2)}  ${cells.join(' ')} ${clip(test.title, 110)}${test.options.smoke ? ' [smoke]' : ''}`,
    );
  });
  const failures = results.filter((result) => result.status === 'failed');
  if (failures.length > 0) {
    lines.push('', 'Failures');
    for (const failure of failures) {
      lines.push(`  [${failure.engine}] ${failure.title}`);
      lines.push(
        ...(failure.error ?? '')
          .split('\n')
          .slice(0, 16)
          .map((line) => `      ${clip(line, 4000)}`),
      );
    }
  }
  const notes = results.flatMap((result) =>
    result.notes.map((note) => `  [${result.engine}] ${note}`),
  );
  if (notes.length > 0) {
    lines.push('', 'Engine facts observed', ...[...new Set(notes)]);
  }
  const passed = results.filter((result) => result.status === 'passed').length;
  lines.push(
    '',
    `Time per engine: ${runs.map((run) => `${run.engine} ${seconds(run.ms)}`).join(', ')}`,
    `engines: ${passed} passed, ${failures.length} failed`,
  );
  return lines.join('\n');
}
