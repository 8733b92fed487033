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
    'Reading:',
    '',
    "- The first load holds only the kit's own code and idb-keyval: `@noble/curves` (opening a sealed session key), `@hpke/core` + `@hpke/common` (sealing the OTP code, fetched when the code is requested), `@scure/base` (base58check) and `@simplewebauthn/browser` load on demand, as do the passkey and OAuth sign-ins' I/O, the session refresh, the reconcile steps and the wallet actions (`preloadWalletAuth()` fetches them ahead of use).",
    '- The budgets apply to what an app loads first to sign a person in (issue 9: core alone ≤ 20 KiB, core + react ≤ 30 KiB), enforced by `node scripts/size-report.mjs --check` in the test command. `core` with everything exported is larger because the main entry also holds the account, wallet, signed-action and low-level API an app uses after sign-in or never; the building blocks of custom flows live in `@wallet-auth/core/primitives`.',
    '',
  ].join('\n');
}
