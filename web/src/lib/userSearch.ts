/**
 * What an admin types into a user search, as the search call's query: digits are the start of
 * a Telegram ID (a username never is only digits), anything else part of a username (a
 * leading '@' dropped). Empty: no filter.
 */
export function userSearchQuery(text: string): { prefix?: string; username?: string } {
  const t = text.trim().replace(/^@/, '');
  if (!t) return {};
  return /^\d+$/.test(t) ? { prefix: t.slice(0, 16) } : { username: t.slice(0, 100) };
}
