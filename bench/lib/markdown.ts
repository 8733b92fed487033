/** Small Markdown helpers for `bench/REPORT.md`. */

/** A cell: text, or a number printed as is. */
export type Cell = string | number;

function escapeCell(cell: Cell): string {
  return String(cell).replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');
}

/**
 * A GitHub-flavoured Markdown table; columns listed in `numeric` are right-aligned.
 * @throws RangeError when a row's width differs from the header's.
 */
export function table(
  headers: readonly string[],
  rows: readonly (readonly Cell[])[],
  numeric: readonly number[] = [],
): string {
  const align = headers.map((_, index) => (numeric.includes(index) ? '---:' : '---'));
  const lines = [`| ${headers.map(escapeCell).join(' | ')} |`, `| ${align.join(' | ')} |`];
  for (const row of rows) {
    if (row.length !== headers.length) {
      throw new RangeError(`row has ${row.length} cells, the header ${headers.length}`);
    }
    lines.push(`| ${row.map(escapeCell).join(' | ')} |`);
  }
  return lines.join('\n');
}

/** Formats a duration in ms with µs precision below 10 ms. */
export function ms(value: number): string {
  if (!Number.isFinite(value)) {
    return 'n/a';
  }
  return value < 10 ? value.toFixed(3) : value.toFixed(1);
}

/** Formats a duration given in ms as whole µs. */
export function us(valueMs: number): string {
  return Number.isFinite(valueMs) ? String(Math.round(valueMs * 1000)) : 'n/a';
}

/** Formats a byte count as KiB with one decimal. */
export function kib(bytes: number): string {
  return (bytes / 1024).toFixed(1);
}

/** `✅ met` / `❌ missed` next to a target. */
export function verdict(met: boolean): string {
  return met ? 'met' : 'MISSED';
}
