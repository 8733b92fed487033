// @vitest-environment node
/// <reference types="node" />
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script without types; its shapes are checked where used.
import { KIT_ENTRIES, measureBundle } from '../../../../scripts/size-report.mjs';

interface Measured {
  chunks: { file: string; firstLoad: boolean }[];
  metafile: { outputs: Record<string, { inputs: Record<string, unknown> }> };
}

/** The source files in the first load of `source`, and those only in lazy chunks. */
async function split(source: string): Promise<{ first: string[]; lazy: string[] }> {
  const measured = (await measureBundle('first-load', source, { metafile: true })) as Measured;
  const first = new Set(measured.chunks.filter((c) => c.firstLoad).map((c) => c.file));
  const inputs = (firstLoad: boolean) =>
    Object.entries(measured.metafile.outputs)
      .filter(([path]) => path.endsWith('.js'))
      .filter(([path]) => [...first].some((file) => path.endsWith(file)) === firstLoad)
      .flatMap(([, output]) => Object.keys(output.inputs));
  return { first: inputs(true), lazy: inputs(false) };
}

const ON_DEMAND = [
  /i18n\/(fr|es|de|pt-br|ja)\.ts$/,
  /oauth-button\/provider-marks\.ts$/,
  /src\/devtools\//,
];

describe('what loads first', () => {
  it('given the sign-in screen, should leave other languages, provider marks and devtools out of the first load', async () => {
    const { first } = await split(KIT_ENTRIES['sign-in screen (OTP, passkey, OAuth)'] as string);
    expect(first.some((path) => path.endsWith('i18n/en-sign-in.ts'))).toBe(true);
    expect(first.filter((path) => ON_DEMAND.some((pattern) => pattern.test(path)))).toEqual([]);
  });

  it('given the sign-in screen, should ship the English sign-in texts only and load the signed-retry engine on demand', async () => {
    const { first, lazy } = await split(
      KIT_ENTRIES['sign-in screen (OTP, passkey, OAuth)'] as string,
    );
    // The account parts' texts (en.ts) load with the account parts.
    expect(first.filter((path) => path.endsWith('i18n/en.ts'))).toEqual([]);
    // The engine and the payload intents come with the flows' I/O, in the on-demand chunk.
    const engine = /signed-retry\/(signed-retry|signed-retry\.machine|payload-intent)\.ts$/;
    expect(first.filter((path) => engine.test(path))).toEqual([]);
    expect(lazy.filter((path) => engine.test(path))).toHaveLength(3);
  });

  it('given an account part, should bring the whole English catalogue with it', async () => {
    const { first } = await split(`export { SessionList } from '@wallet-auth/react';`);
    expect(first.some((path) => path.endsWith('i18n/en.ts'))).toBe(true);
  });

  it('given the language loader, should fetch each catalogue in a chunk of its own', async () => {
    const { first, lazy } = await split(
      `export { loadMessages } from '@wallet-auth/react/locales';`,
    );
    for (const file of ['fr', 'es', 'de', 'pt-br', 'ja']) {
      expect(first.filter((path) => path.endsWith(`i18n/${file}.ts`))).toEqual([]);
      expect(lazy.filter((path) => path.endsWith(`i18n/${file}.ts`))).toHaveLength(1);
    }
  });
});
