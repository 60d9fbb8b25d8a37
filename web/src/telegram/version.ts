/**
 * Telegram Mini Apps versions are dotted numbers compared part by part: "7.10" is newer than
 * "7.2" and "7.1" (parseFloat would call "7.10" equal to 7.1).
 */
export function compareVersions(a: string, b: string): number {
  const pa = a.split('.').map((p) => Number.parseInt(p, 10) || 0);
  const pb = b.split('.').map((p) => Number.parseInt(p, 10) || 0);
  const len = Math.max(pa.length, pb.length);
  for (let i = 0; i < len; i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return d > 0 ? 1 : -1;
  }
  return 0;
}

/** Writes a numeric constant such as 7.1 as the version string "7.1". */
export function versionString(v: number | string): string {
  return typeof v === 'number' ? String(v) : v;
}

export const MOBILE_PLATFORMS = ['android', 'android_x', 'ios'] as const;

export function isMobilePlatform(platform: string | undefined): boolean {
  return !!platform && (MOBILE_PLATFORMS as readonly string[]).includes(platform);
}
