import { recordAudit } from '../audit/index.js';
import { sql } from 'drizzle-orm';
import { MSG, ROLES, type Page, type Role, type User } from '@zalik/contract';
import { row, rows, type Db, type Executor } from '../../db/client.js';
import { containsText } from '../../db/search.js';
import { inBatches } from '../../db/batches.js';
import type { PageRequest } from '../../lib/page.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { deleteRole, hasGrantedRole, lockGrantedAdmins } from './queries.js';
import type { AuthUser } from '../../types/auth.js';
import type { AuthUserCache } from './auth-cache.js';
import type { TelegramProfile } from './initdata.js';
import { createPageKeys, keysetPage, type SharedPageEnds } from '../../lib/page-keys.js';

/** A users row with its granted roles, as `SELECT_USER` reads it. */
export interface UserRow {
  telegram_id: number;
  username: string;
  photo: string;
  first_name: string;
  last_name: string;
  course_number: number;
  is_banned: boolean;
  created_at: Date | string;
  roles: string[] | null;
}

/** Users with their roles; add a WHERE (alias `u`). */
export const SELECT_USER = sql`
  SELECT u.telegram_id, u.username, u.photo, u.first_name, u.last_name, u.course_number, u.is_banned, u.created_at,
         ARRAY(SELECT r.role FROM user_roles r WHERE r.telegram_id = u.telegram_id ORDER BY r.role) AS roles
  FROM users u`;

/** A row as the API shows a user. Config admins are admins whatever the table says, so a fresh deployment has one. */
export function toUser(row: UserRow, adminIds: ReadonlySet<string>): User {
  const granted = new Set<Role>(['ROLE_USER', ...((row.roles ?? []) as Role[])]);
  if (adminIds.has(String(row.telegram_id))) granted.add('ROLE_ADMIN');
  return {
    telegramId: String(row.telegram_id),
    username: row.username,
    photo: row.photo,
    firstName: row.first_name,
    lastName: row.last_name,
    courseNumber: Number(row.course_number),
    createdAt: new Date(row.created_at).toISOString(),
    isBanned: row.is_banned,
    banned: row.is_banned,
    roles: ROLES.filter((r) => granted.has(r)),
  };
}


/** Users per statement of a streamed list: small enough that serializing one batch is a few ms. */
const USER_BATCH = 50;

/** The users after this one in the lists' order (newest first, then by id). */
const afterUser = (telegramId: number) =>
  sql`(u.created_at, -u.telegram_id) < (SELECT created_at, -telegram_id FROM users WHERE telegram_id = ${telegramId})`;

export interface UserFilter {
  role?: Role;
  prefix?: string;
  username?: string;
}

export type RoleGrantHook = (tx: Executor, telegramId: number, role: Role) => Promise<void>;

export interface UsersService {
  signIn(profile: TelegramProfile): Promise<{ user: User; created: boolean }>;
  loadAuthUser(telegramId: number): Promise<(AuthUser & { banned: boolean }) | null>;
  get(telegramId: number): Promise<User>;
  /** One page of the matches, newest first. */
  page(filter: UserFilter, page: PageRequest): Promise<Page<User>>;
  /** Every match, newest first, read and handed on `size` at a time (the unpaged lists' answer is streamed). */
  batches(opts: UserFilter, size?: number): AsyncIterable<User[]>;
  getCourse(telegramId: number): Promise<number>;
  setCourse(telegramId: number, course: number): Promise<void>;
  setBan(telegramId: number, value: boolean, byTelegramId: number): Promise<User>;
  /** `byTelegramId`: the admin granting it (recorded in the audit trail). */
  grantRole(telegramId: number, role: 'ROLE_ADMIN' | 'ROLE_DEVELOPER', byTelegramId: number): Promise<User>;
  /**
   * Takes a role away. Never an admin's own ROLE_ADMIN, nor one that ADMIN_TELEGRAM_IDS gives,
   * nor the last admin's; a role the user does not have changes nothing.
   */
  revokeRole(telegramId: number, role: 'ROLE_ADMIN' | 'ROLE_DEVELOPER', byTelegramId: number): Promise<User>;
  /** The newest client's toggle: grants the role when the user lacks it, takes it away when they have it. */
  toggleRole(telegramId: number, role: 'ROLE_ADMIN' | 'ROLE_DEVELOPER', byTelegramId: number): Promise<User>;
  /** Called inside the grant's transaction, e.g. to open the developer's dev wallet. */
  onRoleGranted(hook: RoleGrantHook): void;
  onBanChanged(hook: (tx: Executor, telegramId: number, banned: boolean) => Promise<void>): void;
}

/** What the auth plugin needs of a user on every request. */
type LoadedAuthUser = AuthUser & { banned: boolean };

/**
 * `cache`: the instance's signed-in users (auth-cache.ts); without it every request reads the
 * database. `pageEnds`: the admin's user list pages shared with the other instances (lib/page-keys.ts).
 */
export function createUsersService(
  db: Db,
  adminIds: ReadonlySet<string>,
  cache?: AuthUserCache<LoadedAuthUser>,
  pageEnds: SharedPageEnds | null = null,
): UsersService {
  const roleHooks: RoleGrantHook[] = [];
  const banHooks: ((tx: Executor, telegramId: number, banned: boolean) => Promise<void>)[] = [];

  const asUser = (r: UserRow): User => toUser(r, adminIds);
  const userPages = createPageKeys<number>('users', pageEnds);
  const whereOf = ({ role, prefix, username }: UserFilter) => {
    const where = [sql`TRUE`];
    if (prefix) where.push(sql`u.telegram_id::text LIKE ${prefix.replace(/[^0-9]/g, '') + '%'}`);
    if (username) where.push(containsText(sql`u.username`, username));
    // Config admins are admins whatever user_roles says (toUser), so the role is filtered as toUser decides it.
    if (role === 'ROLE_ADMIN') {
      where.push(sql`(EXISTS (SELECT 1 FROM user_roles r WHERE r.telegram_id = u.telegram_id AND r.role = 'ROLE_ADMIN')
                      OR u.telegram_id::text = ANY(${`{${[...adminIds].join(',')}}`}::text[]))`);
    } else if (role === 'ROLE_DEVELOPER') {
      where.push(sql`EXISTS (SELECT 1 FROM user_roles r WHERE r.telegram_id = u.telegram_id AND r.role = 'ROLE_DEVELOPER')`);
    }
    return sql.join(where, sql` AND `);
  };

  async function find(ex: Executor, telegramId: number): Promise<UserRow | undefined> {
    return row<UserRow>(ex, sql`${SELECT_USER} WHERE u.telegram_id = ${telegramId}`);
  }

  async function get(telegramId: number): Promise<User> {
    const row = await find(db, telegramId);
    if (!row) throw notFound(MSG.userNotFound);
    return asUser(row);
  }

  return {
    async signIn(p) {
      const r = await row<{ inserted: boolean }>(db, sql`
        INSERT INTO users (telegram_id, username, photo, first_name, last_name, invited_by)
        VALUES (${p.telegramId}, ${p.username}, ${p.photo}, ${p.firstName}, ${p.lastName},
                (SELECT telegram_id FROM users WHERE telegram_id = ${p.referrer} AND telegram_id <> ${p.telegramId}))
        ON CONFLICT (telegram_id) DO UPDATE SET
          username = EXCLUDED.username, photo = EXCLUDED.photo,
          first_name = EXCLUDED.first_name, last_name = EXCLUDED.last_name, updated_at = now()
        RETURNING (xmax = 0) AS inserted`);
      cache?.forget(p.telegramId);
      return { user: await get(p.telegramId), created: Boolean(r?.inserted) };
    },

    loadAuthUser(telegramId) {
      const load = async (): Promise<LoadedAuthUser | null> => {
        const row = await find(db, telegramId);
        if (!row) return null;
        const roles = new Set(asUser(row).roles);
        return {
          telegramId: row.telegram_id,
          username: row.username,
          roles,
          isAdmin: roles.has('ROLE_ADMIN'),
          isDeveloper: roles.has('ROLE_DEVELOPER'),
          banned: row.is_banned,
        };
      };
      return cache ? cache.read(telegramId, load) : load();
    },

    get,

    async page(filter, page) {
      // Page after page (the admin scrolling) continues from the previous page's last user
      // (lib/page-keys.ts) instead of skipping every user before it: page 1000, OFFSET 31 438 rows.
      const found = await keysetPage(
        userPages,
        `${JSON.stringify(filter)}:${page.limit}`,
        page,
        (u: UserRow) => Number(u.telegram_id),
        (last, limit, offset) =>
          rows<UserRow>(
            db,
            sql`${SELECT_USER} WHERE ${whereOf(filter)} AND ${last === undefined ? sql`TRUE` : afterUser(last)}
                ORDER BY u.created_at DESC, u.telegram_id LIMIT ${limit} OFFSET ${offset}`,
          ),
      );
      return { content: found.content.map(asUser), last: found.last };
    },

    async *batches(filter, size = USER_BATCH) {
      const batches = inBatches<UserRow>((last) => {
        const after = last ? afterUser(Number(last.telegram_id)) : sql`TRUE`;
        return rows<UserRow>(db, sql`${SELECT_USER} WHERE ${whereOf(filter)} AND ${after} ORDER BY u.created_at DESC, u.telegram_id LIMIT ${size}`);
      }, size);
      for await (const found of batches) yield found.map(asUser);
    },

    async getCourse(telegramId) {
      return (await get(telegramId)).courseNumber;
    },

    async setCourse(telegramId, course) {
      await db.execute(sql`UPDATE users SET course_number = ${course}, updated_at = now() WHERE telegram_id = ${telegramId}`);
    },

    async setBan(telegramId, value, byTelegramId) {
      if (telegramId === byTelegramId && value) throw badRequest(MSG.selfBan);
      await db.transaction(async (tx) => {
        const old = await row<{ was: boolean }>(tx, sql`
          UPDATE users u SET is_banned = ${value}, updated_at = now()
          FROM (SELECT is_banned AS was FROM users WHERE telegram_id = ${telegramId} FOR UPDATE) old
          WHERE u.telegram_id = ${telegramId} RETURNING old.was`);
        if (!old) throw notFound(MSG.userNotFound);
        if (old.was !== value) for (const h of banHooks) await h(tx, telegramId, value);
        await recordAudit(tx, {
          adminId: byTelegramId,
          action: value ? 'user.ban' : 'user.unban',
          target: `user:${telegramId}`,
          userId: telegramId,
          before: { banned: old.was },
          after: { banned: value },
        });
      });
      cache?.forget(telegramId);
      return get(telegramId);
    },

    async grantRole(telegramId, role, byTelegramId) {
      await db.transaction(async (tx) => {
        if (!(await find(tx, telegramId))) throw notFound(MSG.userNotFound);
        const had = await row(tx, sql`SELECT 1 FROM user_roles WHERE telegram_id = ${telegramId} AND role = ${role}`);
        await tx.execute(sql`INSERT INTO user_roles (telegram_id, role) VALUES (${telegramId}, ${role}) ON CONFLICT DO NOTHING`);
        const target = `user:${telegramId}`;
        await recordAudit(tx, { adminId: byTelegramId, action: 'user.role', target, userId: telegramId, before: { [role]: Boolean(had) }, after: { [role]: true } });
        for (const h of roleHooks) await h(tx, telegramId, role);
      });
      cache?.forget(telegramId);
      return get(telegramId);
    },

    async revokeRole(telegramId, role, byTelegramId) {
      await db.transaction(async (tx) => {
        if (!(await find(tx, telegramId))) throw notFound(MSG.userNotFound);
        if (role === 'ROLE_ADMIN') {
          if (telegramId === byTelegramId) throw badRequest(MSG.selfAdminRevoke);
          if (adminIds.has(String(telegramId))) throw conflict(MSG.configAdminRevoke);
          const granted = await lockGrantedAdmins(tx);
          const admins = new Set([...adminIds, ...granted.map(String)]);
          if (admins.has(String(telegramId)) && admins.size <= 1) throw conflict(MSG.lastAdminRevoke);
        }
        if (!(await deleteRole(tx, telegramId, role))) return;
        const target = `user:${telegramId}`;
        await recordAudit(tx, { adminId: byTelegramId, action: 'user.role', target, userId: telegramId, before: { [role]: true }, after: { [role]: false } });
      });
      cache?.forget(telegramId);
      return get(telegramId);
    },

    async toggleRole(telegramId, role, byTelegramId) {
      const has = role === 'ROLE_ADMIN' && adminIds.has(String(telegramId)) ? true : await hasGrantedRole(db, telegramId, role);
      return has ? this.revokeRole(telegramId, role, byTelegramId) : this.grantRole(telegramId, role, byTelegramId);
    },

    onRoleGranted(hook) {
      roleHooks.push(hook);
    },
    onBanChanged(hook) {
      banHooks.push(hook);
    },
  };
}
