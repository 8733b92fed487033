/**
 * Mutation operators of the mutation check (reliability catalogue X-04): each site is one small
 * change a test suite should notice — a flipped comparison or equality, a swapped logical
 * operator, a negation dropped, a boolean literal inverted, an integer constant moved by one, a
 * regular-expression anchor dropped. Comments, strings and imports are left alone.
 */

/** Spans of comments, string/template literals and import lines (never mutated). */
function protectedSpans(source) {
  const spans = [];
  const pattern =
    /\/\*[\s\S]*?\*\/|\/\/[^\n]*|'(?:\\.|[^'\\\n])*'|"(?:\\.|[^"\\\n])*"|`(?:\\.|[^`\\])*`|^import[^;]*;|^export (?:type )?\{[^}]*\} from[^;]*;/gm;
  for (const match of source.matchAll(pattern)) {
    spans.push([match.index, match.index + match[0].length]);
  }
  return spans;
}

const OPERATORS = [
  { pattern: /===/g, replacement: '!==' },
  { pattern: /!==/g, replacement: '===' },
  { pattern: /(?<![=!<>])<=(?!=)/g, replacement: '<' },
  { pattern: /(?<![=!<>])>=(?!=)/g, replacement: '>' },
  { pattern: /(?<![=<>!-])<(?![=<])/g, replacement: '<=' },
  { pattern: /(?<![=<>!-])>(?![=>])/g, replacement: '>=' },
  { pattern: /&&/g, replacement: '||' },
  { pattern: /\|\|/g, replacement: '&&' },
  { pattern: /(?<![\w)\]])!(?=[\w(])/g, replacement: '' },
  { pattern: /\btrue\b/g, replacement: 'false' },
  { pattern: /\bfalse\b/g, replacement: 'true' },
  { pattern: /(?<![\w.$])(\d+)(?![\w.])/g, replacement: (digits) => String(Number(digits) + 1) },
];

/**
 * Every mutation site of `source`, in a stable order: `{start, end, replacement, line, label}`.
 * Generic type arguments and arrow functions are skipped by the operators' look-arounds.
 */
export function mutationSites(source) {
  const spans = protectedSpans(source);
  const inside = (at) => spans.some(([from, to]) => at >= from && at < to);
  const sites = [];
  for (const operator of OPERATORS) {
    for (const match of source.matchAll(operator.pattern)) {
      const start = match.index;
      if (inside(start)) {
        continue;
      }
      // Regular-expression literals are left alone (their `<`, `!` and digits are not code).
      const lineStart = source.lastIndexOf('\n', start) + 1;
      const lineEnd = source.indexOf('\n', start);
      const line = source.slice(lineStart, lineEnd === -1 ? undefined : lineEnd);
      if (/(^|[=(,:\s])\/[^/*].*\/[dgimsuy]*[),;.]/.test(line) && /\/.*[<>!\d].*\//.test(line)) {
        continue;
      }
      if (/^\s*(\*|\/\/|import |export \{|export type)/.test(line)) {
        continue;
      }
      if (/^\s*(export )?(interface|type) /.test(line) || /:\s*[A-Z]\w*</.test(line)) {
        continue; // type positions: `<` and `>` there are generics
      }
      const replacement =
        typeof operator.replacement === 'function'
          ? operator.replacement(match[0])
          : operator.replacement;
      sites.push({
        start,
        end: start + match[0].length,
        replacement,
        line: source.slice(0, start).split('\n').length,
        label: `${match[0]} → ${replacement || '(removed)'}`,
      });
    }
  }
  return sites.sort((a, b) => a.start - b.start || a.label.localeCompare(b.label));
}
