/**
 * Strict JSON for request bodies the proxy must read (ownership checks): UTF-8 without BOM
 * (docs/protocol.md §1), bounded nesting, no duplicate member names (so the proxy and the upstream
 * cannot read different values from one body) and no prototype-shaped names (BFF-11).
 */

/** Deepest object/array nesting accepted. */
export const MAX_JSON_DEPTH = 32;

const FORBIDDEN_NAMES = new Set(['__proto__', 'constructor', 'prototype']);

/** Result of {@link parseStrictJson}. */
export type StrictJsonResult = { ok: true; value: unknown } | { ok: false; reason: string };

interface Frame {
  names: Set<string> | undefined;
  expectName: boolean;
}

/** Walks text that `JSON.parse` already accepted, checking depth and member names. */
function checkStructure(text: string): string | undefined {
  const stack: Frame[] = [];
  let index = 0;
  while (index < text.length) {
    const char = text[index]!;
    if (char === '"') {
      let end = index + 1;
      while (text[end] !== '"') {
        end += text[end] === '\\' ? 2 : 1;
      }
      const top = stack.at(-1);
      if (top?.names !== undefined && top.expectName) {
        const name = JSON.parse(text.slice(index, end + 1)) as string;
        if (FORBIDDEN_NAMES.has(name)) {
          return `Member name "${name}" is not accepted`;
        }
        if (top.names.has(name)) {
          return `Duplicate member name "${name}"`;
        }
        top.names.add(name);
        top.expectName = false;
      }
      index = end + 1;
      continue;
    }
    if (char === '{' || char === '[') {
      stack.push({ names: char === '{' ? new Set() : undefined, expectName: char === '{' });
      if (stack.length > MAX_JSON_DEPTH) {
        return `Nesting deeper than ${MAX_JSON_DEPTH} levels`;
      }
    } else if (char === '}' || char === ']') {
      stack.pop();
    } else if (char === ',') {
      const top = stack.at(-1);
      if (top?.names !== undefined) {
        top.expectName = true;
      }
    }
    index += 1;
  }
  return undefined;
}

/** Decodes and parses a body under the rules above; never throws. */
export function parseStrictJson(bytes: Uint8Array): StrictJsonResult {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    return { ok: false, reason: 'The body starts with a byte-order mark' };
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return { ok: false, reason: 'The body is not valid UTF-8' };
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, reason: 'The body is not valid JSON' };
  }
  const problem = checkStructure(text);
  return problem === undefined ? { ok: true, value } : { ok: false, reason: problem };
}
