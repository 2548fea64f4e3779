import { describe, expect, it } from 'vitest';
import { deviceFamilies, deviceName, deviceParams } from './index';

const ANDROID_CHROME = 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/130.0 Mobile';

describe('devices as activity parameters', () => {
  it('names the device in English and as the codes a screen words in any language', () => {
    expect(deviceParams(ANDROID_CHROME)).toEqual({
      device: 'Chrome on Android',
      browser: 'chrome',
      os: 'android',
    });
    expect(deviceParams(null)).toEqual({
      device: 'a browser on an unknown system',
      browser: 'other',
      os: 'other',
    });
    expect(deviceParams(ANDROID_CHROME).device).toBe(deviceName(ANDROID_CHROME));
  });

  it('reads the families from the codes, else back from an older entry’s English name', () => {
    expect(deviceFamilies({ device: 'ignored', browser: 'firefox', os: 'windows' })).toEqual({
      browser: 'firefox',
      os: 'windows',
    });
    expect(deviceFamilies({ device: 'Samsung Internet on Android' })).toEqual({
      browser: 'samsung',
      os: 'android',
    });
    expect(deviceFamilies({ device: 'a browser on an unknown system' })).toEqual({
      browser: 'other',
      os: 'other',
    });
    expect(deviceFamilies({ device: 'Chrome on BeOS' })).toBeUndefined();
    expect(deviceFamilies({ browser: 'netscape', os: 'linux' })).toBeUndefined();
    expect(deviceFamilies({})).toBeUndefined();
  });
});
