/**
 * Names this device by its browser and operating system, read minimally from the user agent
 * (issue 21: sessions and passkeys named by device and browser). The service's session records
 * carry no device (docs/service-api.md: `type`, `nickname` and times only), so only this
 * device's own sessions can be named this way; a passkey gets the name when it is created.
 */
import type { WalletAuthMessages } from '../../i18n/en.js';

/** Browsers, most specific first (Edge and Opera also say "Chrome"; Chrome also says "Safari"). */
const BROWSERS: readonly [RegExp, string][] = [
  [/\b(Edg|EdgA|EdgiOS)\//, 'Edge'],
  [/\b(OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(Firefox|FxiOS)\//, 'Firefox'],
  [/\b(Chrome|CriOS|HeadlessChrome|Chromium)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

/** Systems, most specific first (iPadOS may say "Macintosh"; Android also says "Linux"). */
const SYSTEMS: readonly [RegExp, string][] = [
  [/\biPad\b/, 'iPadOS'],
  [/\b(iPhone|iPod)\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

/** The browser and system a user agent names, each `undefined` when not recognised. */
export interface DeviceDescription {
  browser: string | undefined;
  system: string | undefined;
}

/**
 * Reads the browser and system from a user agent string.
 * @param userAgent - `navigator.userAgent`, or any string (`''` when there is none).
 */
export function describeDevice(userAgent: string): DeviceDescription {
  const find = (table: readonly [RegExp, string][]) =>
    table.find(([pattern]) => pattern.test(userAgent))?.[1];
  return { browser: find(BROWSERS), system: find(SYSTEMS) };
}

/**
 * This device's name in the catalogue's words: "Chrome on macOS", "Firefox on an unknown system",
 * or "Web browser" when nothing is recognised.
 * @param messages - The active catalogue.
 * @param userAgent - @defaultValue `navigator.userAgent` where there is a navigator
 */
export function deviceLabel(
  messages: WalletAuthMessages,
  userAgent: string = globalThis.navigator?.userAgent ?? '',
): string {
  const { browser, system } = describeDevice(userAgent);
  if (browser === undefined && system === undefined) {
    return messages.sessions.unknownBrowser;
  }
  return messages.sessions.device(
    browser ?? messages.sessions.unknownBrowser,
    system ?? messages.sessions.unknownSystem,
  );
}
