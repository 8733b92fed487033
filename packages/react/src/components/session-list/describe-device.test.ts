import { describe, expect, it } from 'vitest';
import { de } from '../../i18n/de.js';
import { en } from '../../i18n/en.js';
import { ja } from '../../i18n/ja.js';
import { describeDevice, deviceLabel } from './describe-device.js';

const AGENTS: [
  name: string,
  userAgent: string,
  browser: string | undefined,
  system: string | undefined,
][] = [
  [
    'Chrome on Windows',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/159.0.8154.6 Safari/537.36',
    'Chrome',
    'Windows',
  ],
  [
    'Edge on Windows',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36 Edg/130.0.2849.46',
    'Edge',
    'Windows',
  ],
  [
    'Safari on macOS',
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.6 Safari/605.1.15',
    'Safari',
    'macOS',
  ],
  [
    'Safari on iOS',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.6 Mobile/15E148 Safari/604.1',
    'Safari',
    'iOS',
  ],
  [
    'Chrome on iPadOS',
    'Mozilla/5.0 (iPad; CPU OS 17_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/130.0.6723.90 Mobile/15E148 Safari/604.1',
    'Chrome',
    'iPadOS',
  ],
  [
    'Firefox on Linux',
    'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0',
    'Firefox',
    'Linux',
  ],
  [
    'Samsung Internet on Android',
    'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36',
    'Samsung Internet',
    'Android',
  ],
  [
    'Opera on ChromeOS',
    'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 OPR/106.0.0.0',
    'Opera',
    'ChromeOS',
  ],
  [
    'WebKitGTK (no browser token)',
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/605.1.15 (KHTML, like Gecko)',
    undefined,
    'Linux',
  ],
  ['an empty user agent', '', undefined, undefined],
  ['a made-up one', 'curl/8.5.0', undefined, undefined],
];

describe('describeDevice', () => {
  it.each(AGENTS)(
    'given %s, should read the browser and the system',
    (_name, userAgent, browser, system) => {
      expect(describeDevice(userAgent)).toEqual({ browser, system });
    },
  );
});

describe('deviceLabel', () => {
  it('given a known browser and system, should name both in the catalogue’s words', () => {
    const chromeOnWindows = AGENTS[0]![1];
    expect(deviceLabel(en, chromeOnWindows)).toBe('Chrome on Windows');
    expect(deviceLabel(de, chromeOnWindows)).toBe('Chrome unter Windows');
    expect(deviceLabel(ja, chromeOnWindows)).toBe('Windows の Chrome');
  });

  it('given a browser or a system unknown, should say so; nothing known, should say "Web browser"', () => {
    expect(deviceLabel(en, 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/605.1.15')).toBe(
      'Web browser on Linux',
    );
    expect(deviceLabel(en, 'Firefox/128.0')).toBe('Firefox on an unknown system');
    expect(deviceLabel(en, '')).toBe(en.sessions.unknownBrowser);
  });
});
