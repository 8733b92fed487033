/**
 * WebKitGTK (Debian's `webkit2gtk-driver`: WebKitWebDriver and the MiniBrowser) through webdriverio
 * in WebDriver classic mode, on a private Xvfb display. Each browser context is its own WebDriver
 * session (its own MiniBrowser process with ephemeral storage); WebKitWebDriver holds one session
 * at a time, so a test opens one context in WebKit. Classic WebDriver drives one window
 * at a time, so every command of a context goes through one queue that first switches to its tab.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { remote } from 'webdriverio';
import { freePort } from './free-port.js';
import { packageVersion } from './package-version.js';
import type { BrowserContext, BrowserProfile, EngineBrowser, Json, Tab } from './types.js';
import { withTimeout } from './with-timeout.js';
import { startXvfb, type VirtualDisplay } from './xvfb.js';

/** Debian's WebKitGTK MiniBrowser; `WEBKIT_MINIBROWSER` points elsewhere. */
export const MINIBROWSER_PATH =
  process.env.WEBKIT_MINIBROWSER ?? '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';
const WEBDRIVER = process.env.WEBKIT_WEBDRIVER ?? 'WebKitWebDriver';

const wdioVersion = packageVersion('webdriverio');

type Session = Awaited<ReturnType<typeof remote>>;

/** Runs tasks one after another (classic WebDriver has one current window per session). */
function serial() {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(task: () => Promise<T>): Promise<T> => {
    const run = tail.then(task, task);
    tail = run.catch(() => undefined);
    return run;
  };
}

function contextOf(session: Session): BrowserContext {
  const queue = serial();
  let current: string | undefined;

  async function focus(handle: string) {
    if (current !== handle) {
      await session.switchToWindow(handle);
      current = handle;
    }
  }

  function tabOf(handle: string): Tab {
    const on = <T>(task: () => Promise<T>) =>
      queue(async () => {
        await focus(handle);
        return task();
      });
    return {
      goto: (url) => on(() => session.url(url).then(() => undefined)),
      reload: () => on(() => session.refresh()),
      url: () => on(() => session.getUrl()),
      run<T>(body: string, args: Json[] = []) {
        const fn = new Function('args', body) as (args: Json[]) => T;
        return on(() => session.execute(fn, args) as Promise<T>);
      },
      click: (selector) =>
        on(async () => {
          const element = await session.$(selector);
          await element.waitForClickable({ timeout: 10_000 });
          await element.click();
        }),
      type: (selector, text) =>
        on(async () => {
          const element = await session.$(selector);
          await element.waitForExist({ timeout: 10_000 });
          if (await element.isDisplayed()) {
            await element.setValue(text);
            return;
          }
          // A field drawn by other elements (the kit's one-time-code input is transparent over
          // its slots) is not "displayed" to WebDriver, yet a person types into it: WebDriver's
          // Element Send Keys only needs it keyboard-interactable (wdio's setValue also wants it
          // displayed).
          const id = await element.elementId;
          await session.elementClear(id);
          await session.elementSendKeys(id, text);
        }),
      // Switching windows selects the tab in the MiniBrowser, which makes it the visible one.
      bringToFront: () => on(async () => undefined),
      close: () =>
        queue(async () => {
          const handles = await session.getWindowHandles();
          if (!handles.includes(handle)) {
            return;
          }
          await focus(handle);
          const left = await session.closeWindow();
          current = undefined;
          const next = (Array.isArray(left) ? left : handles.filter((h) => h !== handle))[0];
          if (next !== undefined) {
            await focus(next);
          }
        }),
      isClosed: () => queue(async () => !(await session.getWindowHandles()).includes(handle)),
    };
  }

  let first: string | undefined;
  const known = new Map<string, Tab>();
  const tabFor = (handle: string) => {
    let tab = known.get(handle);
    if (tab === undefined) {
      tab = tabOf(handle);
      known.set(handle, tab);
    }
    return tab;
  };
  return {
    engine: 'webkit',
    async tabs() {
      const open = await queue(() => session.getWindowHandles());
      return open.map(tabFor);
    },
    newTab: (url) =>
      queue(async () => {
        let handle: string;
        if (first === undefined) {
          // The session's own window is the first tab.
          first = await session.getWindowHandle();
          handle = first;
        } else {
          handle = (await session.createWindow('tab')).handle;
        }
        await focus(handle);
        if (url !== undefined) {
          await session.url(url);
        }
        return tabFor(handle);
      }),
    async popup(_opener, action) {
      const before = new Set(await queue(() => session.getWindowHandles()));
      await action();
      const deadline = Date.now() + 10_000;
      for (;;) {
        const handles = await queue(() => session.getWindowHandles());
        const opened = handles.find((handle) => !before.has(handle));
        if (opened !== undefined) {
          return tabFor(opened);
        }
        if (Date.now() > deadline) {
          throw new Error('no popup opened within 10 s');
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    close: () =>
      queue(async () => {
        await session.deleteSession();
      }),
  };
}

async function waitForDriver(port: number, driver: ChildProcess): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    if (driver.exitCode !== null) {
      throw new Error(`WebKitWebDriver exited with ${driver.exitCode}`);
    }
    try {
      const response = await fetch(`http://127.0.0.1:${port}/status`);
      if (response.ok) {
        return;
      }
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('WebKitWebDriver did not answer within 15 s');
}

/**
 * Starts Xvfb and WebKitWebDriver; contexts are MiniBrowser sessions.
 * @param profile - `default`, or `storage-blocked`: the IndexedDB API feature turned off.
 */
export async function launchWebKit(profile: BrowserProfile): Promise<EngineBrowser> {
  if (!existsSync(MINIBROWSER_PATH)) {
    throw new Error(
      `WebKitGTK MiniBrowser not found at ${MINIBROWSER_PATH}: run "node scripts/setup.mjs --engines" (apt-get install webkit2gtk-driver) or set WEBKIT_MINIBROWSER.`,
    );
  }
  const display: VirtualDisplay = await startXvfb();
  // The driver runs in its own process group, so stopping it also stops the MiniBrowser it started.
  let port = 0;
  let driver: ChildProcess | undefined;
  const stopDriver = () => {
    if (driver?.pid !== undefined && driver.exitCode === null) {
      try {
        process.kill(-driver.pid, 'SIGKILL');
      } catch {
        driver.kill('SIGKILL');
      }
    }
    driver = undefined;
  };
  const startDriver = async () => {
    port = await freePort();
    const started = spawn(WEBDRIVER, [`--port=${port}`], {
      env: { ...process.env, DISPLAY: display.display },
      stdio: 'ignore',
      detached: true,
    });
    driver = started;
    await waitForDriver(port, started);
  };
  const stop = () => {
    stopDriver();
    display.stop();
  };
  try {
    await startDriver();
  } catch (error) {
    stop();
    throw error;
  }
  const features = {
    default: [],
    'storage-blocked': ['-IndexedDBAPI'],
    'before-safari-15.4': ['-WebLocksAPI', '-BroadcastChannel'],
  }[profile];
  const args = [
    '--automation',
    ...(features.length > 0 ? [`--features=${features.join(',')}`] : []),
  ];
  const sessions = new Set<BrowserContext>();
  let version = 'WebKitGTK (no context opened yet)';

  function requestSession(): Promise<Session> {
    // Without a display, or when the MiniBrowser cannot start, POST /session never answers.
    return withTimeout(
      remote({
        hostname: '127.0.0.1',
        port,
        path: '/',
        logLevel: 'error',
        connectionRetryCount: 0,
        connectionRetryTimeout: 60_000,
        capabilities: {
          browserName: 'MiniBrowser',
          'wdio:enforceWebDriverClassic': true,
          'webkitgtk:browserOptions': { binary: MINIBROWSER_PATH, args },
        } as WebdriverIO.Capabilities,
      }),
      30_000,
      'WebKitWebDriver did not open a MiniBrowser session within 30 s',
    );
  }

  async function newSession(): Promise<Session> {
    try {
      return await requestSession();
    } catch (error) {
      // On a loaded machine WebKitWebDriver now and then never answers POST /session, and it
      // serves one session at a time, so the stuck request blocks every later one: start a fresh
      // driver (and MiniBrowser) once, unless other contexts of this browser are still open.
      if (sessions.size > 0) {
        throw error;
      }
      stopDriver();
      await startDriver();
      return requestSession();
    }
  }

  return {
    engine: 'webkit',
    profile,
    /** Known once a first context has opened (the session's capabilities carry it). */
    get version() {
      return version;
    },
    driver: `webdriverio ${wdioVersion} (WebDriver classic) + WebKitWebDriver`,
    async newContext() {
      const session = await newSession();
      version = `WebKitGTK ${session.capabilities.browserVersion ?? 'unknown'}`;
      const context = contextOf(session);
      sessions.add(context);
      const close = context.close;
      return {
        ...context,
        async close() {
          sessions.delete(context);
          await close();
        },
      };
    },
    async addVirtualAuthenticator() {
      // WebKitGTK has no WebAuthn (no PublicKeyCredential) and its driver no authenticator endpoint.
      return undefined;
    },
    async close() {
      for (const context of sessions) {
        await context.close().catch(() => undefined);
      }
      stop();
    },
  };
}
