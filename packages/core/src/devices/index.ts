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

/**
 * A device as activity parameters (core api/activity-messages.ts): `device`, the English name
 * the stored description uses ('Chrome on Linux'), and the codes a screen words in the holder's
 * language, `browser` (a BrowserFamily) and `os` (an OsFamily).
 */
export function deviceParams(userAgent: string | null): {
  device: string;
  browser: BrowserFamily;
  os: OsFamily;
} {
  const { browser, os } = describeUserAgent(userAgent);
  return { device: `${BROWSER_NAMES[browser]} on ${OS_NAMES[os]}`, browser, os };
}

/** The product names of the browsers and systems that have one, the same in every language. */
export const BROWSER_BRANDS: Readonly<Record<Exclude<BrowserFamily, 'other'>, string>> = {
  edge: BROWSER_NAMES.edge,
  opera: BROWSER_NAMES.opera,
  samsung: BROWSER_NAMES.samsung,
  chrome: BROWSER_NAMES.chrome,
  firefox: BROWSER_NAMES.firefox,
  safari: BROWSER_NAMES.safari,
};
export const OS_BRANDS: Readonly<Record<Exclude<OsFamily, 'other'>, string>> = {
  android: OS_NAMES.android,
  ios: OS_NAMES.ios,
  windows: OS_NAMES.windows,
  macos: OS_NAMES.macos,
  linux: OS_NAMES.linux,
};

function familyOf<F extends string>(names: Record<F, string>, value: unknown): F | undefined {
  return (Object.keys(names) as F[]).find((family) => family === value);
}

/**
 * The browser and system families of a device as an activity entry stores it: its `browser` and
 * `os` codes when it has them, else read back from its English `device` name ('Chrome on Linux',
 * as deviceName writes it, for entries stored before the codes); undefined when neither says.
 */
export function deviceFamilies(params: {
  device?: unknown;
  browser?: unknown;
  os?: unknown;
}): { browser: BrowserFamily; os: OsFamily } | undefined {
  const browser = familyOf(BROWSER_NAMES, params.browser);
  const os = familyOf(OS_NAMES, params.os);
  if (browser && os) return { browser, os };
  const device = params.device;
  if (typeof device !== 'string') return undefined;
  for (const [browserFamily, browserName] of Object.entries(BROWSER_NAMES)) {
    if (!device.startsWith(`${browserName} on `)) continue;
    const osName = device.slice(browserName.length + ' on '.length);
    const osFamily = (Object.keys(OS_NAMES) as OsFamily[]).find((f) => OS_NAMES[f] === osName);
    if (osFamily) return { browser: browserFamily as BrowserFamily, os: osFamily };
  }
  return undefined;
}
