/**
 * One interface over the two drivers (docs/contributing.md: ports and adapters): Firefox through
 * puppeteer-core over WebDriver BiDi, WebKitGTK through webdriverio in WebDriver classic mode.
 * Specs only see these types, so every test runs unchanged in both engines.
 */

/** The engines this suite drives (Chromium is covered by Vitest browser mode and Playwright). */
export type EngineName = 'firefox' | 'webkit';

/**
 * A JSON-safe value: what crosses between Node and a page (arguments and results of `call`).
 * `undefined` is allowed for absent members; functions, class instances and cycles are not.
 */
export type Json = string | number | boolean | null | undefined | Json[] | { [key: string]: Json };

/** One tab (top-level browsing context) of a browser context. */
export interface Tab {
  /** Navigates and waits for the load event. */
  goto(url: string): Promise<void>;
  /** Reloads and waits for the load event. */
  reload(): Promise<void>;
  /** The current URL. */
  url(): Promise<string>;
  /**
   * Runs `body` in the page as the body of `function (args) { … }` and resolves with its (awaited)
   * result. The source is sent as text: no closure or TypeScript helper travels with it, and the
   * page's CSP does not apply to it (WebDriver scripts run in the page's realm outside its CSP).
   */
  run<T>(body: string, args?: Json[]): Promise<T>;
  /** A native click (pointer events from the driver: counts as user activation) on `selector`. */
  click(selector: string): Promise<void>;
  /** Clears the text field at `selector` and types `text` with native key events. */
  type(selector: string, text: string): Promise<void>;
  /** Makes it the tab the person looks at (visible, focused); the others go to the background. */
  bringToFront(): Promise<void>;
  /** Closes the tab. */
  close(): Promise<void>;
  /** Whether the tab is closed (by the driver or by the page, e.g. a popup its opener closed). */
  isClosed(): Promise<boolean>;
}

/** A browser context: its own cookies and storage, shared by its tabs (like a browser profile). */
export interface BrowserContext {
  readonly engine: EngineName;
  /** Opens a new tab, on `url` when given. */
  newTab(url?: string): Promise<Tab>;
  /**
   * Runs `action` (a click that opens a window) and resolves with the popup it opened.
   * @param opener - The tab whose page opens the popup.
   */
  popup(opener: Tab, action: () => Promise<void>): Promise<Tab>;
  /** The tabs opened through this context (popups included) that are still open. */
  tabs(): Promise<Tab[]>;
  /** Closes every tab and forgets the context's cookies and storage. */
  close(): Promise<void>;
}

/** A CTAP2 virtual authenticator the browser offers to `navigator.credentials` (Firefox only). */
export interface VirtualAuthenticator {
  /** The credentials it holds. */
  credentials(): Promise<{ credentialId: string; rpId: string; signCount: number }[]>;
  /** Removes it. */
  remove(): Promise<void>;
}

/** Which configuration of an engine a test needs. */
export type BrowserProfile =
  /** The engine as shipped, with a virtual authenticator where the engine has WebAuthn. */
  | 'default'
  /**
   * IndexedDB unavailable, as real users meet it: Firefox in private browsing with IndexedDB off
   * there (`open` fails with `InvalidStateError`); WebKit with the IndexedDB API feature off (no
   * `indexedDB` global, as in Lockdown Mode).
   */
  | 'storage-blocked'
  /**
   * Neither Web Locks nor BroadcastChannel, as in Safari before 15.4: WebKit with the
   * `WebLocksAPI` and `BroadcastChannel` features off (Firefox 153 has no such switches:
   * `dom.weblocks.enabled` is ignored).
   */
  | 'before-safari-15.4';

/** A launched engine: contexts on demand, closed at the end of its tests. */
export interface EngineBrowser {
  readonly engine: EngineName;
  readonly profile: BrowserProfile;
  /** Browser name and version as the engine reports it. */
  readonly version: string;
  /** The driver and its version, e.g. `puppeteer-core 24.43.1 (WebDriver BiDi)`. */
  readonly driver: string;
  newContext(): Promise<BrowserContext>;
  /** Adds a virtual authenticator, or `undefined` where the engine has no WebAuthn. */
  addVirtualAuthenticator(): Promise<VirtualAuthenticator | undefined>;
  close(): Promise<void>;
}
