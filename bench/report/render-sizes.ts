/** Section 1 of `bench/REPORT.md`: bundle sizes, peers, and the breakdown against the budgets. */
import { kib, table } from '../lib/markdown.js';
import type { EntryAnalysis, KitSizes } from '../sections/bundle-size.js';
import type { PeerFigure, PeerInstall } from '../sections/peer-kits.js';

/** Section 1's inputs. */
export interface SizesSection {
  kit: KitSizes;
  peers: { install: PeerInstall; figures: PeerFigure[] };
}

function analysisTable(analysis: EntryAnalysis): string {
  const saved = new Map(analysis.libraries.map((l) => [l.library, l.gzipSaved]));
  const rows = analysis.groups
    .slice(0, 12)
    .map((g) => [
      g.group,
      kib(g.minifiedBytes),
      saved.has(g.group) ? kib(saved.get(g.group) ?? 0) : '–',
    ]);
  return table(['module group', 'minified KiB', 'gzip KiB saved if left out'], rows, [1, 2]);
}

/** Renders section 1. */
export function renderSizes(section: SizesSection): string {
  const { kit, peers } = section;
  const split = new Map(kit.analyses.map((a) => [a.entry, a]));
  const kitRows = kit.entries.map((entry) => {
    const budget = kit.budgets[entry.name];
    const analysis = split.get(entry.name);
    if (entry.gzip === undefined || entry.minified === undefined) {
      return [
        entry.name,
        'n/a',
        'n/a',
        'n/a',
        budget ? kib(budget) : '–',
        `not measurable: ${entry.error ?? ''}`,
      ];
    }
    return [
      entry.name,
      kib(entry.minified),
      kib(entry.gzip),
      analysis ? `${kib(analysis.split.initialGzip)} (+${kib(analysis.split.lazyGzip)} lazy)` : '–',
      budget ? kib(budget) : '–',
      budget === undefined
        ? '–'
        : entry.gzip <= budget
          ? 'within'
          : `over by ${kib(entry.gzip - budget)}`,
    ];
  });
  const peerRows = peers.figures.map((figure) => [
    figure.name,
    figure.packages,
    figure.minified === undefined ? 'n/a' : kib(figure.minified),
    figure.gzip === undefined ? `not measurable: ${figure.error ?? ''}` : kib(figure.gzip),
    figure.cssGzip === undefined ? '–' : kib(figure.cssGzip),
    figure.leftExternal.length === 0 ? '–' : figure.leftExternal.join(', '),
  ]);
  const whatIfRows = kit.analyses.map((a) => [
    a.entry,
    kib(a.split.initialGzip),
    kib(a.withoutHeavyLibraries.initialGzip),
  ]);
  const peerNote = peers.install.ok
    ? `Installed with npm in \`/tmp/peer-kits\` (${peers.install.cached ? 'from the cache of an earlier run' : `${peers.install.seconds.toFixed(0)} s`}), bundled by the same \`measureBundle\`; modules listed as left external could not be resolved (optional peers the kit imports lazily) and are not counted.`
    : `**The peer-kit install failed** (${peers.install.message}); no peer figures this run.`;

  return [
    '## 1. Bundle size',
    '',
    'esbuild 0.28, ESM, minified, gzip -9, target es2022, `process.env.NODE_ENV="production"`; `react`, `react-dom` and `@tanstack/react-query` external. KiB = 1,024 bytes. The "entry chunk" column is the same build with code splitting (what an app bundler loads with the page; `import()`ed modules go to lazy chunks).',
    '',
    table(
      ['entry', 'minified KiB', 'gzip KiB', 'entry chunk gzip KiB (split)', 'budget KiB', 'budget'],
      kitRows,
      [1, 2, 3, 4],
    ),
    '',
    '### Peer kits, same measurement (typical sign-in imports)',
    '',
    peerNote,
    '',
    table(
      ['kit', 'packages', 'minified KiB', 'gzip KiB (JS)', 'gzip KiB (CSS)', 'left external'],
      peerRows,
      [2, 3, 4],
    ),
    '',
    '### What the budgets would take (esbuild metafile)',
    '',
    ...kit.analyses.flatMap((a) => [
      `**${a.entry}** — minified bytes per module group, and the gzip bytes the entry loses when a library is left out (measured by rebuilding without it; \`@hpke/core\` includes \`@hpke/common\`):`,
      '',
      analysisTable(a),
      '',
    ]),
    `Entry chunk (split build) if ${kit.analyses[0]?.withoutHeavyLibraries.libraries.join(', ') ?? ''} were not in it (loaded lazily, or the encoders replaced):`,
    '',
    table(['entry', 'entry chunk gzip KiB now', 'without those libraries'], whatIfRows, [1, 2]),
    '',
    'Reading (options, none applied here — `packages/*` belong to their owners):',
    '',
    "- `@noble/curves` is bundled for public-key point work (validate, compress, decompress) and for `publicKeyFromScalar`, the only secret-dependent use (importing an opened sealed session key, OAuth/passkey documented mode). Point validation can go to WebCrypto (`importKey('raw')` checks the curve), compression is byte logic, decompression of a public point is public-data arithmetic; `publicKeyFromScalar` must stay on an audited library, so it would move behind a dynamic `import()` used only when a sealed key is opened (client-held mode never needs it).",
    '- `@hpke/core` + `@hpke/common` seal the OTP code (secret-dependent): keep the library, but load it with `import()` when the code-entry step appears (it is needed seconds later, at submit); replacing it with a hand-written WebCrypto HPKE is excluded by the project rule.',
    '- `@scure/base` only encodes public data (hex, b64url, base58check of ciphertext): small local encoders are allowed there; `@simplewebauthn/browser` is already lazy (the "+ lazy" column).',
    '- What is left is the kit\'s own code: the OTP-only entry chunk without those libraries is the figure above; `core` (everything exported) stays above 20 KiB unless the API client is split per endpoint (today one object holding every endpoint, so nothing tree-shakes) and the budget is read as "what an OTP sign-in app imports" rather than `export *`.',
    '',
  ].join('\n');
}
