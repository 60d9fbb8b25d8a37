import type { Role } from '@zalik/contract';

/** The signed-in user a request acts as, loaded by the auth plugin from the users service. */
export interface AuthUser {
  telegramId: number;
  username: string;
  roles: ReadonlySet<Role>;
  isAdmin: boolean;
  isDeveloper: boolean;
}
