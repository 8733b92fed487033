/**
 * Locators over a `Tab`: elements found by role and accessible name in the page (the probe), then
 * clicked or typed into by the driver's native input, so a click is a user activation (popups,
 * WebAuthn) and typing goes through the engine's own key events.
 */
import type { Json, Tab } from '../drivers/types.js';
import type { ElementState, Query } from '../probe/probe.js';

export type { ElementState, Query } from '../probe/probe.js';

/** A regular expression as a probe `TextMatch`. */
export function re(expression: RegExp): { regex: string; flags: string } {
  return { regex: expression.source, flags: expression.flags };
}

/** A query as text, for failure messages. */
export function describeQuery(query: Query): string {
  const parts: string[] = [];
  if (query.role) parts.push(`role=${query.role}`);
  if (query.name !== undefined) parts.push(`name=${JSON.stringify(query.name)}`);
  if (query.text !== undefined) parts.push(`text=${JSON.stringify(query.text)}`);
  if (query.css) parts.push(`css=${query.css}`);
  if (query.level) parts.push(`level=${query.level}`);
  const own = parts.join(' ');
  return query.within ? `${own} within (${describeQuery(query.within)})` : own;
}

/** Options of `waitFor`. */
export interface WaitOptions {
  /** `visible` (default), `hidden` (no visible match), or `enabled` (visible and not disabled). */
  state?: 'visible' | 'hidden' | 'enabled';
  /** @defaultValue 10 s */
  timeout?: number;
}

/** A tab with locators. */
export interface Page {
  tab: Tab;
  inspect(query: Query): Promise<ElementState>;
  texts(query: Query): Promise<string[]>;
  waitFor(query: Query, options?: WaitOptions): Promise<ElementState>;
  click(query: Query): Promise<void>;
  fill(query: Query, text: string): Promise<void>;
  /** Calls `window.__kit.<group>.<name>(…args)` on the kit page. */
  kit<T>(group: string, name: string, ...args: Json[]): Promise<T>;
  /** Calls a probe function (`resourceCount`, `storedSessionId`…). */
  probe<T>(name: string, ...args: Json[]): Promise<T>;
}

/**
 * Wraps a tab with locators.
 * @param tab - The driver's tab.
 * @param probeSource - The bundled probe (`var __probe = …`).
 */
export function pageOf(tab: Tab, probeSource: string): Page {
  const probe = <T>(name: string, ...args: Json[]) =>
    tab.run<T>(`${probeSource}\nreturn __probe[${JSON.stringify(name)}].apply(null, args);`, args);
  const inspect = (query: Query) => probe<ElementState>('inspect', query as Json);

  async function waitFor(query: Query, options: WaitOptions = {}): Promise<ElementState> {
    const state = options.state ?? 'visible';
    const timeout = options.timeout ?? 10_000;
    const deadline = Date.now() + timeout;
    let last: ElementState = { count: 0 };
    for (;;) {
      last = await inspect(query);
      const done =
        state === 'hidden'
          ? last.count === 0
          : last.count > 0 && (state === 'visible' || last.disabled !== true);
      if (done) {
        return last;
      }
      if (Date.now() > deadline) {
        throw new Error(
          `waited ${timeout / 1000} s for ${describeQuery(query)} to be ${state}; last seen: ${JSON.stringify(
            last.count === 0
              ? { count: 0 }
              : { count: last.count, text: last.text, disabled: last.disabled },
          )}`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  return {
    tab,
    inspect,
    texts: (query) => probe<string[]>('texts', query as Json),
    waitFor,
    // A person clicks and types in the tab in front of them (a hidden tab has no animation
    // frames, which the drivers' actionability checks wait for).
    async click(query) {
      const found = await waitFor(query, { state: 'enabled' });
      await tab.bringToFront();
      await tab.click(found.selector as string);
    },
    async fill(query, text) {
      const found = await waitFor(query, { state: 'enabled' });
      await tab.bringToFront();
      await tab.type(found.selector as string, text);
    },
    kit: <T>(group: string, name: string, ...args: Json[]) =>
      tab.run<T>(
        `return window.__kit[${JSON.stringify(group)}][${JSON.stringify(name)}].apply(null, args);`,
        args,
      ),
    probe,
  };
}

/**
 * Polls `read` until `accept` holds, or fails with `message` and the last value read.
 * @param read - Reads the current value.
 * @param accept - The condition.
 * @param message - What was expected.
 * @param timeout - @defaultValue 10 s
 */
export async function eventually<T>(
  read: () => Promise<T>,
  accept: (value: T) => boolean,
  message: string,
  timeout = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeout;
  for (;;) {
    const value = await read();
    if (accept(value)) {
      return value;
    }
    if (Date.now() > deadline) {
      throw new Error(`${message} (after ${timeout / 1000} s; last: ${JSON.stringify(value)})`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
