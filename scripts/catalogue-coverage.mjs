#!/usr/bin/env node
/**
 * Traces the reliability catalogue (`docs/reliability.md`, issue 10) to the test
 * suite: every catalogue ID must appear in the title of a test (or of its `describe`) in a
 * `*.test.ts(x)` or `*.spec.ts` file, or be listed with a reason in
 * `scripts/catalogue-exemptions.json`.
 *
 *   node scripts/catalogue-coverage.mjs [--check] [--json] [--verbose] [--catalogue PATH]
 *
 * Titles are read from the source (the first string argument of `it`, `test`, `describe` and their
 * modifiers, `it.each(…)(…)` included). IDs count in combined forms (`SR-16/SR-22`, `PK-03, PK-04`)
 * and in ranges written out with `..`, `–` or ` to ` (`LOAD-1..LOAD-4`, `SR-01–SR-05`). A title
 * under `it.skip`/`todo`/`fixme` counts for nothing; one under `it.fails`/`test.fail` counts as a
 * documented gap (so does `test.fail()` in a Playwright body, and "(known gap)" in a title), which
 * `--check` accepts only when the exemptions file gives its reason too; a row covered by a passing
 * test and also named by a failing one is reported "covered, with a known gap".
 * `--check` exits 1 when an ID is neither covered nor exempt, or when an exemption names an ID the
 * catalogue does not have.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parseArgs } from 'node:util';

const root = new URL('..', import.meta.url).pathname;
const { values } = parseArgs({
  options: {
    check: { type: 'boolean', default: false },
    json: { type: 'boolean', default: false },
    verbose: { type: 'boolean', default: false },
    catalogue: { type: 'string', default: join(root, 'docs', 'reliability.md') },
    exemptions: { type: 'string', default: join(root, 'scripts', 'catalogue-exemptions.json') },
  },
});

// ---------------------------------------------------------------------------------------------
// The catalogue: every `| ID | … |` row, grouped by the `###` heading above it.

/** Reads `{id, section, case}` for every table row whose first cell is an ID. */
export function parseCatalogue(text) {
  const rows = [];
  let section = 'unsectioned';
  for (const line of text.split('\n')) {
    const heading = /^#{2,4}\s+(.*)$/.exec(line);
    if (heading) {
      section = heading[1].trim();
      continue;
    }
    const row = /^\|\s*([A-Z][A-Z0-9]*-\d+)\s*\|\s*([^|]*)\|/.exec(line);
    if (row) {
      rows.push({ id: row[1], section, case: row[2].trim() });
    }
  }
  return rows;
}

// ---------------------------------------------------------------------------------------------
// Test titles: a small scanner that skips comments and finds the first string argument of each
// test-defining call, so IDs in comments or assertions never count.

const CALLEES = new Set(['it', 'test', 'describe', 'suite', 'bench']);
const SKIPPING = new Set(['skip', 'todo', 'fixme', 'skipIf', 'runIf']);
const FAILING = new Set(['fails', 'fail']);

/** Index just past the string literal that opens at `start` (quote at `text[start]`). */
function skipString(text, start) {
  const quote = text[start];
  let i = start + 1;
  while (i < text.length) {
    const ch = text[i];
    if (ch === '\\') {
      i += 2;
      continue;
    }
    if (quote === '`' && ch === '$' && text[i + 1] === '{') {
      i = skipBalanced(text, i + 1);
      continue;
    }
    if (ch === quote) {
      return i + 1;
    }
    i += 1;
  }
  return i;
}

/** Index just past the bracket group that opens at `start` (`(`, `[` or `{`). */
function skipBalanced(text, start) {
  const open = text[start];
  const close = open === '(' ? ')' : open === '[' ? ']' : '}';
  let depth = 0;
  let i = start;
  while (i < text.length) {
    const ch = text[i];
    if (ch === '"' || ch === "'" || ch === '`') {
      i = skipString(text, i);
      continue;
    }
    if (ch === '/' && (text[i + 1] === '/' || text[i + 1] === '*')) {
      i = skipComment(text, i);
      continue;
    }
    if (ch === open) {
      depth += 1;
    } else if (ch === close) {
      depth -= 1;
      if (depth === 0) {
        return i + 1;
      }
    }
    i += 1;
  }
  return i;
}

function skipComment(text, start) {
  if (text[start + 1] === '/') {
    const end = text.indexOf('\n', start);
    return end === -1 ? text.length : end;
  }
  const end = text.indexOf('*/', start + 2);
  return end === -1 ? text.length : end + 2;
}

/** Decodes a JS string literal's text well enough for ID matching (escapes dropped). */
function literalText(raw) {
  return raw.slice(1, -1).replace(/\\(.)/g, '$1');
}

/**
 * Finds test titles in a source file: `[{title, status, line}]`, status `active`, `failing` or
 * `skipped`.
 */
export function extractTitles(text) {
  const titles = [];
  let i = 0;
  while (i < text.length) {
    const ch = text[i];
    if (ch === '"' || ch === "'" || ch === '`') {
      i = skipString(text, i);
      continue;
    }
    if (ch === '/' && (text[i + 1] === '/' || text[i + 1] === '*')) {
      i = skipComment(text, i);
      continue;
    }
    const word = /^[A-Za-z_$][\w$]*/.exec(text.slice(i, i + 40));
    if (!word) {
      i += 1;
      continue;
    }
    const previous = text[i - 1];
    if (!CALLEES.has(word[0]) || (previous !== undefined && /[\w$.]/.test(previous))) {
      i += word[0].length;
      continue;
    }
    // A callee chain: it.skip, test.describe.parallel, it.each([...]), test.fail.only …
    let j = i + word[0].length;
    let status = 'active';
    for (;;) {
      while (/\s/.test(text[j] ?? '')) j += 1;
      if (text[j] === '.') {
        const member = /^\.\s*([A-Za-z_$][\w$]*)/.exec(text.slice(j, j + 40));
        if (!member) break;
        if (SKIPPING.has(member[1])) status = 'skipped';
        else if (FAILING.has(member[1]) && status === 'active') status = 'failing';
        j += member[0].length;
        continue;
      }
      if (text[j] === '(') {
        // Either the call itself (title next) or a factory such as each([...]) / skipIf(cond).
        let k = j + 1;
        while (/\s/.test(text[k] ?? '')) k += 1;
        const quote = text[k];
        if (quote === '"' || quote === "'" || quote === '`') {
          const end = skipString(text, k);
          const line = text.slice(0, k).split('\n').length;
          const title = literalText(text.slice(k, end));
          // Playwright marks a test inside its body (`test.fail()`, `test.fixme()`), and the
          // suite's convention names documented gaps "(known gap)" in the title.
          const body = text.slice(end, skipBalanced(text, j));
          let own = status;
          if (own !== 'skipped' && /\btest\.(fixme|skip)\(\s*\)/.test(body)) own = 'skipped';
          else if (own === 'active' && /\btest\.fail\(\s*\)/.test(body)) own = 'failing';
          if (own === 'active' && /\(known gap\)/i.test(title)) own = 'failing';
          titles.push({ title, status: own, line });
          j = end;
          break;
        }
        const after = skipBalanced(text, j);
        let m = after;
        while (/\s/.test(text[m] ?? '')) m += 1;
        if (text[m] === '(' || text[m] === '.') {
          j = m;
          continue;
        }
        j = after;
        break;
      }
      break;
    }
    i = Math.max(j, i + word[0].length);
  }
  return titles;
}

// ---------------------------------------------------------------------------------------------
// IDs in a title, with combined forms and written-out ranges.

/** Catalogue IDs named in `title` (only IDs the catalogue has), ranges expanded. */
export function idsInTitle(title, known) {
  const found = new Set();
  const byPrefix = new Map();
  for (const id of known) {
    const [prefix, number] = splitId(id);
    if (!byPrefix.has(prefix)) byPrefix.set(prefix, new Map());
    byPrefix.get(prefix).set(number, id);
  }
  const lookup = (prefix, number) => byPrefix.get(prefix)?.get(number);
  const single = /(?<![A-Za-z0-9])([A-Z][A-Z0-9]*)-(\d+)(?![0-9])/g;
  for (const match of title.matchAll(single)) {
    const id = lookup(match[1], Number(match[2]));
    if (id) found.add(id);
  }
  // `P-1..4`, `P-1..P-4`, `P-1–P-4`, `P-1 to P-4` (a dash or `to` needs the prefix again).
  const range =
    /(?<![A-Za-z0-9])([A-Z][A-Z0-9]*)-(\d+)\s*(?:\.\.\s*(?:([A-Z][A-Z0-9]*)-)?(\d+)|(?:–|—|\bto\b)\s*([A-Z][A-Z0-9]*)-(\d+))(?![0-9])/g;
  for (const match of title.matchAll(range)) {
    const prefix = match[1];
    const right = match[3] ?? match[5];
    if (right !== undefined && right !== prefix) continue;
    const from = Number(match[2]);
    const to = Number(match[4] ?? match[6]);
    if (to <= from || to - from > 40) continue;
    for (let n = from; n <= to; n++) {
      const id = lookup(prefix, n);
      if (id) found.add(id);
    }
  }
  return [...found];
}

function splitId(id) {
  const index = id.lastIndexOf('-');
  return [id.slice(0, index), Number(id.slice(index + 1))];
}

// ---------------------------------------------------------------------------------------------
// The walk.

const SKIP_DIRS = new Set([
  'node_modules',
  '.git',
  'dist',
  'storybook-static',
  'test-results',
  '.reports',
  'coverage',
  'playwright-report',
]);
const TEST_FILE = /\.(test\.tsx?|spec\.ts)$/;

function* testFiles(dir) {
  for (const entry of readdirSync(dir)) {
    if (SKIP_DIRS.has(entry) || entry.startsWith('.')) continue;
    const path = join(dir, entry);
    const stats = statSync(path);
    if (stats.isDirectory()) {
      yield* testFiles(path);
    } else if (TEST_FILE.test(entry)) {
      yield path;
    }
  }
}

function main() {
  if (!existsSync(values.catalogue)) {
    process.stderr.write(`catalogue-coverage: no catalogue at ${values.catalogue}\n`);
    process.exit(2);
  }
  const rows = parseCatalogue(readFileSync(values.catalogue, 'utf8'));
  const known = rows.map((row) => row.id);
  const exemptions = existsSync(values.exemptions)
    ? JSON.parse(readFileSync(values.exemptions, 'utf8'))
    : {};

  /** id → {active: [where], failing: [where]} */
  const hits = new Map(known.map((id) => [id, { active: [], failing: [] }]));
  for (const file of testFiles(root)) {
    const text = readFileSync(file, 'utf8');
    for (const { title, status, line } of extractTitles(text)) {
      if (status === 'skipped') continue;
      for (const id of idsInTitle(title, known)) {
        hits.get(id)[status].push(`${relative(root, file)}:${line}`);
      }
    }
  }

  const problems = [];
  for (const id of Object.keys(exemptions)) {
    if (id.startsWith('$')) continue;
    if (!hits.has(id)) problems.push(`exemption for ${id}, which the catalogue does not have`);
    else if (typeof exemptions[id] !== 'string' || exemptions[id].trim() === '')
      problems.push(`exemption for ${id} has no reason`);
  }

  const sections = new Map();
  const report = [];
  for (const row of rows) {
    const hit = hits.get(row.id);
    const exempt = typeof exemptions[row.id] === 'string' ? exemptions[row.id] : undefined;
    let status;
    if (hit.active.length > 0) status = 'covered';
    else if (exempt !== undefined) status = hit.failing.length > 0 ? 'gap' : 'exempt';
    else status = 'missing';
    report.push({ ...row, status, tests: hit.active, failing: hit.failing, reason: exempt });
    if (!sections.has(row.section)) {
      sections.set(row.section, { covered: 0, gap: 0, exempt: 0, missing: 0, ids: [] });
    }
    const counts = sections.get(row.section);
    counts[status] += 1;
    if (status !== 'covered') counts.ids.push(`${row.id} (${status})`);
    else if (hit.failing.length > 0) counts.ids.push(`${row.id} (covered, with a known gap)`);
    if (status === 'missing') {
      problems.push(
        `${row.id} is neither covered by a test title nor exempt${hit.failing.length > 0 ? ' (only a failing test names it)' : ''}`,
      );
    }
  }

  if (values.json) {
    process.stdout.write(`${JSON.stringify({ rows: report, problems }, null, 2)}\n`);
  } else {
    const total = { covered: 0, gap: 0, exempt: 0, missing: 0 };
    process.stdout.write('catalogue coverage (covered / known gap / exempt / missing)\n');
    for (const [name, counts] of sections) {
      for (const key of Object.keys(total)) total[key] += counts[key];
      const line = `${counts.covered} / ${counts.gap} / ${counts.exempt} / ${counts.missing}`;
      process.stdout.write(`  ${name.padEnd(56)} ${line}\n`);
      if (counts.ids.length > 0) process.stdout.write(`      ${counts.ids.join(', ')}\n`);
    }
    process.stdout.write(
      `  ${'total'.padEnd(56)} ${total.covered} / ${total.gap} / ${total.exempt} / ${total.missing} of ${rows.length}\n`,
    );
    if (values.verbose) {
      for (const row of report) {
        process.stdout.write(
          `${row.id.padEnd(8)} ${row.status.padEnd(8)} ${[...row.tests, ...row.failing.map((f) => `${f} (fails)`)].join(' ') || row.reason || ''}\n`,
        );
      }
    }
    for (const problem of problems) process.stdout.write(`  ! ${problem}\n`);
  }
  if (values.check && problems.length > 0) {
    process.exit(1);
  }
}

main();
