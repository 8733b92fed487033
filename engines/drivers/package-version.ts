import { readFileSync } from 'node:fs';

/** The installed version of one of this package's dependencies (its package.json, read directly). */
export function packageVersion(name: string): string {
  const file = new URL(`../node_modules/${name}/package.json`, import.meta.url);
  return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
}
