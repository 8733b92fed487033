// @vitest-environment node
import { readFileSync } from 'node:fs';
import * as core from '@wallet-auth/core';
import { describe, expect, it } from 'vitest';
import * as react from './index.js';

const entry = readFileSync(new URL('./index.ts', import.meta.url), 'utf8');
const code = entry.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/[^\n]*/g, '');

describe('the @wallet-auth/react entry (a Next.js client boundary)', () => {
  it('given a Server Component that imports a component, should be a "use client" module with named exports only', () => {
    expect(code.trimStart().startsWith("'use client';")).toBe(true);
    expect(code).not.toMatch(/export\s+(type\s+)?\*/);
  });

  it("given the core's public values, should re-export each by name", () => {
    const missing = Object.keys(core).filter((name) => !(name in react));
    expect(missing).toEqual([]);
  });
});
