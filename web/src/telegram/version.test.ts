import { describe, expect, it } from 'vitest';
import { FULLSCREEN_MIN_VERSION } from '@zalik/contract';
import { compareVersions, isMobilePlatform, versionString } from './version';

describe('compareVersions', () => {
  const min = versionString(FULLSCREEN_MIN_VERSION);

  it('compares part by part, not as decimals', () => {
    expect(compareVersions('7.10', '7.2')).toBe(1);
    expect(compareVersions('7.10', min)).toBe(1);
    expect(compareVersions('8.0', min)).toBe(1);
  });

  it('does not call the minimum version itself "above" it', () => {
    expect(compareVersions('7.1', min)).toBe(0);
    expect(compareVersions('7.0', min)).toBe(-1);
    expect(compareVersions('6.9', min)).toBe(-1);
  });

  it('treats missing parts as zero', () => {
    expect(compareVersions('8', '8.0')).toBe(0);
  });
});

describe('isMobilePlatform', () => {
  it('knows the mobile clients only', () => {
    expect(isMobilePlatform('ios')).toBe(true);
    expect(isMobilePlatform('android')).toBe(true);
    expect(isMobilePlatform('tdesktop')).toBe(false);
    expect(isMobilePlatform('weba')).toBe(false);
    expect(isMobilePlatform(undefined)).toBe(false);
  });
});
