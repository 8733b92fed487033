#!/usr/bin/env node
/**
 * The repository stands alone: nothing that ships or documents the kit may point outside it. Fails
 * on any reference to the team's former design folder (`../shared/…`) or its documents by name, in
 * the packages' sources and READMEs, docs/, examples/, apps/, the test and tool folders, and the
 * top-level README. Cite
 * `docs/…` or a public specification instead.
 *
 *   node scripts/check-standalone.mjs
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = new URL('..', import.meta.url).pathname;

/** What may not appear; each names the document it meant. */
export const FORBIDDEN = [
  {
    pattern: /\.\.\/shared\b|\bshared\/(vectors|[a-z-]+\.md)/,
    why: 'the design folder outside the repository',
  },
  { pattern: /\bwire-format\b/, why: 'the former wire-format notes: cite docs/protocol.md §N' },
  {
    pattern: /\bservice-interface(\.md)?\b|\bservice interface\b/i,
    why: 'the former interface notes: cite docs/service-api.md',
  },
  { pattern: /\breliability-catalogue\b/, why: 'the former catalogue: cite docs/reliability.md' },
  {
    pattern: /\bhouse style §|\bstyle\.md\b/i,
    why: 'the former style notes: cite docs/contributing.md §N',
  },
  { pattern: /\btoolchain\.md\b/, why: 'the former toolchain notes: cite docs/contributing.md' },
];

const ROOTS = [
  'packages',
  'docs',
  'examples',
  'apps',
  'e2e',
  'engines',
  'bench',
  'scripts',
  'compat',
  '.storybook',
  '.changeset',
  'README.md',
];
/** This file names the patterns it looks for. */
const SELF = 'scripts/check-standalone.mjs';
const SKIP = new Set(['node_modules', 'dist', '.next', 'storybook-static', 'test-results', 'api']);
const TEXT = /\.(ts|tsx|mts|mjs|js|cjs|md|mdx|json|css|html)$/;

function* files(path) {
  let stat;
  try {
    stat = statSync(path);
  } catch {
    return;
  }
  if (stat.isFile()) {
    if (TEXT.test(path)) {
      yield path;
    }
    return;
  }
  for (const entry of readdirSync(path)) {
    if (
      !SKIP.has(entry) &&
      !(entry.startsWith('.') && entry !== '.storybook' && entry !== '.changeset')
    ) {
      yield* files(join(path, entry));
    }
  }
}

/** Every forbidden reference in `text`, as `{line, text, why}`. */
export function findReferences(text) {
  const found = [];
  text.split('\n').forEach((line, index) => {
    for (const { pattern, why } of FORBIDDEN) {
      if (pattern.test(line)) {
        found.push({ line: index + 1, text: line.trim(), why });
        break;
      }
    }
  });
  return found;
}

if (process.argv[1] && new URL(import.meta.url).pathname === process.argv[1]) {
  let count = 0;
  for (const start of ROOTS) {
    for (const file of files(join(root, start))) {
      if (relative(root, file) === SELF) {
        continue;
      }
      for (const hit of findReferences(readFileSync(file, 'utf8'))) {
        count += 1;
        process.stdout.write(`${relative(root, file)}:${hit.line}: ${hit.why}\n    ${hit.text}\n`);
      }
    }
  }
  process.stdout.write(
    count === 0 ? 'standalone: ok\n' : `standalone: ${count} references to fix\n`,
  );
  process.exit(count === 0 ? 0 : 1);
}
