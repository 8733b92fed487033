import { describe, expect, it } from 'vitest';
import { kib, ms, table, us, verdict } from './markdown.js';

describe('table', () => {
  it('given numeric columns, should right-align them and escape pipes and newlines in cells', () => {
    expect(
      table(
        ['a', 'n'],
        [
          ['x|y', 3],
          ['line\nbreak', 10],
        ],
        [1],
      ),
    ).toBe(['| a | n |', '| --- | ---: |', '| x\\|y | 3 |', '| line break | 10 |'].join('\n'));
  });

  it('given a row narrower than the header, should throw a RangeError', () => {
    expect(() => table(['a', 'b'], [['only one']])).toThrow(RangeError);
  });
});

describe('number formats', () => {
  it('should print ms with µs precision below 10 ms, whole µs, KiB and verdicts', () => {
    expect(ms(0.5549)).toBe('0.555');
    expect(ms(1437.12)).toBe('1437.1');
    expect(ms(Number.NaN)).toBe('n/a');
    expect(us(0.0415)).toBe('42');
    expect(kib(20 * 1024)).toBe('20.0');
    expect(verdict(true)).toBe('met');
    expect(verdict(false)).toBe('MISSED');
  });
});
