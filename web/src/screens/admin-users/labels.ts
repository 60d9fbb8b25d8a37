import { ID_PATTERN, type Role, type User } from '@zalik/contract';

export const ROLE_LABEL: Record<Role, string> = {
  ROLE_USER: 'Студент',
  ROLE_DEVELOPER: 'Розробник',
  ROLE_ADMIN: 'Адміністратор',
};

/** The spec's rule for a user's name in admin screens: the username, or 'Unknown'. */
export const displayName = (user: Pick<User, 'username'>) => user.username || 'Unknown';

export const fullName = (user: Pick<User, 'firstName' | 'lastName'>) => `${user.firstName} ${user.lastName}`.trim();

/** What the user is besides a student: 'Адміністратор, Розробник', or 'Студент'. */
export function rolesText(roles: readonly Role[]): string {
  const extra = roles.filter((r) => r !== 'ROLE_USER');
  return (extra.length ? extra : (['ROLE_USER'] as const)).map((r) => ROLE_LABEL[r]).join(', ');
}

export const courseText = (n: number) => (n > 0 ? `${n} курс` : 'Не обрано');


/** The `?telegramId=` a user screen is about, or '' when it is missing or not an id. */
export function telegramIdParam(search: URLSearchParams): string {
  const id = search.get('telegramId')?.trim() ?? '';
  return ID_PATTERN.test(id) ? id : '';
}
