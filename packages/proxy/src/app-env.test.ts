import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hex } from './app-env.js';

describe('hex', () => {
  it('should write two lowercase digits per byte, as Buffer does', () => {
    expect(hex(Uint8Array.of(0, 15, 16, 255))).toBe('000f10ff');
    expect(hex(new Uint8Array(0))).toBe('');
    for (let run = 0; run < 200; run++) {
      const bytes = randomBytes(run % 33);
      expect(hex(bytes)).toBe(bytes.toString('hex'));
    }
  });
});
