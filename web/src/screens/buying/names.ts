/** A Telegram username (5-32 of a-z 0-9 _) gets its '@'; a full name (the fallback) stays as it is. */
export function developerLabel(name: string): string {
  return /^[A-Za-z0-9_]{4,32}$/.test(name) ? `@${name}` : name;
}
