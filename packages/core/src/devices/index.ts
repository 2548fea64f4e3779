/**
 * The device a User-Agent string names, in two words ("Chrome on Android"): the active sessions
 * list and the Login notifications ('New sign-in on Chrome on Linux') describe devices with it.
 */

export type BrowserFamily =
  | 'edge'
  | 'opera'
  | 'samsung'
  | 'chrome'
  | 'firefox'
  | 'safari'
  | 'other';
export type OsFamily = 'android' | 'ios' | 'windows' | 'macos' | 'linux' | 'other';

/**
 * The browser and operating system families of a User-Agent string, enough for the holder to
 * tell "Chrome on Android" from "Firefox on Windows". Order matters: Edge, Opera and Samsung
 * Internet also say Chrome; Chrome also says Safari; iPadOS may say Macintosh (then 'macos').
 * A library (ua-parser-js, bowser) would add 8-20 KB for two words.
 */
export function describeUserAgent(userAgent: string | null): {
  browser: BrowserFamily;
  os: OsFamily;
} {
  const ua = userAgent ?? '';
  const browser: BrowserFamily = /Edg(e|A|iOS)?\//.test(ua)
    ? 'edge'
    : /OPR\/|Opera/.test(ua)
      ? 'opera'
      : /SamsungBrowser\//.test(ua)
        ? 'samsung'
        : /Chrome\/|CriOS\//.test(ua)
          ? 'chrome'
          : /Firefox\/|FxiOS\//.test(ua)
            ? 'firefox'
            : /Safari\//.test(ua)
              ? 'safari'
              : 'other';
  const os: OsFamily = /Android/.test(ua)
    ? 'android'
    : /iPhone|iPad|iPod/.test(ua)
      ? 'ios'
      : /Windows/.test(ua)
        ? 'windows'
        : /Mac OS X|Macintosh/.test(ua)
          ? 'macos'
          : /Linux|X11|CrOS/.test(ua)
            ? 'linux'
            : 'other';
  return { browser, os };
}

const BROWSER_NAMES: Record<BrowserFamily, string> = {
  edge: 'Edge',
  opera: 'Opera',
  samsung: 'Samsung Internet',
  chrome: 'Chrome',
  firefox: 'Firefox',
  safari: 'Safari',
  other: 'a browser',
};
const OS_NAMES: Record<OsFamily, string> = {
  android: 'Android',
  ios: 'iOS',
  windows: 'Windows',
  macos: 'macOS',
  linux: 'Linux',
  other: 'an unknown system',
};

/** The device in English, for texts stored in the activity log: 'Chrome on Linux'. */
export function deviceName(userAgent: string | null): string {
  const { browser, os } = describeUserAgent(userAgent);
  return `${BROWSER_NAMES[browser]} on ${OS_NAMES[os]}`;
}
