/**
 * The baseline of `bench:api`: a bare node:http server with the driver and nothing else. It does
 * the SAME database work per request as the API: the auth plugin's user load once per user
 * (the API keeps signed-in users in memory while its change feed is live), and the catalogue reads (teacher check, tasks, the teacher's discounts; subjects of a course)
 * once, kept in a Map as rendered JSON as the API's catalogue cache keeps them (nothing changes during a run, so
 * it needs no invalidation). It verifies the same JWT with the same library (once per token, as
 * the API does), applies the same discount rule and answers the same JSON, so the ratio
 * measures what Fastify, zod, drizzle, security headers and logging cost on top. Env: PORT, JWT_SECRET, and DATABASE_URL or BASELINE_PGDATA.
 */
import http from 'node:http';
import { newPglite } from '../src/db/pglite.js';
import { jwtVerify } from 'jose';
import pg from 'pg';

pg.types.setTypeParser(20, (v) => Number(v));

type Query = <T>(text: string, params: unknown[]) => Promise<T[]>;

async function driver(): Promise<Query> {
  if (process.env.DATABASE_URL) {
    const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 20 });
    return async <T>(text: string, params: unknown[]) => (await pool.query(text, params)).rows as T[];
  }
  const db = newPglite({ dataDir: process.env.BASELINE_PGDATA });
  await db.waitReady;
  return async <T>(text: string, params: unknown[]) => (await db.query<T>(text, params)).rows;
}

const USER_SQL = `
  SELECT u.telegram_id, u.username, u.photo, u.first_name, u.last_name, u.course_number, u.is_banned, u.created_at,
         ARRAY(SELECT r.role FROM user_roles r WHERE r.telegram_id = u.telegram_id ORDER BY r.role) AS roles
  FROM users u WHERE u.telegram_id = $1`;

const TEACHER_SQL = `SELECT t.id FROM teachers t JOIN subjects s ON s.id = t.subject_id
  WHERE t.id = $1 AND t.deleted_at IS NULL AND s.deleted_at IS NULL`;

/** api/src/modules/catalogue/tasks/read.ts selectTasks without a viewer (with the rating), and discounts/resolve.ts loadDiscountRules. */
const TASKS_SQL = `
  SELECT t.id, t.title, t.description, t.identifier, t.price, t.type, t.visible, t.auto_generate, t.created_at,
         t.developer_id, u.username AS developer_username, u.photo AS developer_photo, t.deadline_hours,
         t.teacher_id, te.name AS teacher_name, s.id AS subject_id, s.name AS subject_name,
         0 AS discount,
         EXISTS (SELECT 1 FROM task_templates tt WHERE tt.task_id = t.id) AS has_template,
         (SELECT json_build_object('documentId', d.id::text, 'fileName', d.file_name, 'description', d.description)
          FROM explanation_documents d WHERE d.task_id = t.id ORDER BY d.created_at DESC, d.id DESC LIMIT 1) AS document,
         (SELECT json_build_object('id', i.id::text, 'name', i.name, 'type', i.kind, 'description', i.description, 'createdAt', i.created_at)
          FROM identifiers i WHERE i.id = t.identifier_id) AS template,
         COALESCE((
           SELECT json_agg(json_build_object('id', a.id::text, 'name', a.name, 'description', a.description) ORDER BY ta.position)
           FROM task_arguments ta JOIN arguments a ON a.id = ta.argument_id
           WHERE ta.task_id = t.id), '[]'::json) AS arguments,
         rt.rating_average, rt.rating_count
  FROM tasks t
  JOIN teachers te ON te.id = t.teacher_id
  JOIN subjects s ON s.id = te.subject_id
  JOIN users u ON u.telegram_id = t.developer_id
  CROSS JOIN LATERAL (SELECT COALESCE(round(avg(rv.rating), 1), 0) AS rating_average, count(*) AS rating_count
                      FROM reviews rv WHERE rv.task_id = t.id AND rv.hidden_at IS NULL) rt
  WHERE t.teacher_id = $1 AND t.deleted_at IS NULL AND te.deleted_at IS NULL AND s.deleted_at IS NULL
  ORDER BY t.id`;

const DISCOUNTS_SQL = `SELECT d.task_id, d.type, d.telegram_id, d.percent FROM discounts d JOIN tasks t ON t.id = d.task_id
  WHERE t.teacher_id = $1 AND t.deleted_at IS NULL AND (d.uses_left IS NULL OR d.uses_left > 0)`;

const SUBJECTS_SQL = 'SELECT id, name, course_number FROM subjects WHERE course_number = $1 AND deleted_at IS NULL ORDER BY id';

type Row = Record<string, unknown>;
interface Arg {
  id: string;
  name: string;
  description: string;
}

/** One driver gives JSON columns as text, the other as objects. */
const json = (v: unknown) => (typeof v === 'string' ? (JSON.parse(v) as Row) : (v as Row | null));

const toTask = (r: Row) => {
  const args = (typeof r.arguments === 'string' ? JSON.parse(r.arguments) : r.arguments) as Arg[];
  return {
    id: String(r.id),
    title: r.title,
    description: r.description,
    identifier: r.identifier,
    price: Number(r.price),
    discount: Number(r.discount),
    type: r.type,
    visible: r.visible,
    autoGenerate: r.auto_generate,
    developer: { telegramId: String(r.developer_id), username: r.developer_username, photo: r.developer_photo },
    teacherId: String(r.teacher_id),
    teacher: { id: String(r.teacher_id), name: r.teacher_name, subject: { id: String(r.subject_id), name: r.subject_name } },
    args: args.map((a) => a.id),
    arguments: args,
    hasTemplate: r.has_template,
    document: json(r.document),
    template: ((t) => t && { ...t, createdAt: new Date(t.createdAt as string).toISOString() })(json(r.template)),
    deadlineHours: r.deadline_hours === null ? null : Number(r.deadline_hours),
    createdAt: new Date(r.created_at as string).toISOString(),
    rating: { average: Number(r.rating_average), count: Number(r.rating_count) },
  };
};

const query = await driver();
const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(process.env.JWT_SECRET), { name: 'HMAC', hash: 'SHA-256' }, false, ['verify']);

function send(res: http.ServerResponse, status: number, body: unknown): void {
  const json = Buffer.isBuffer(body) ? body : JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(json) });
  res.end(json);
}

/** Verified tokens and their claims, as the API's lib/jwt.ts keeps them. */
const verified = new Map<string, { sub: number; exp: number }>();
/** Users kept in memory, as the API's users/auth-cache.ts keeps them while its change feed is live (nothing changes during a run). */
const users = new Map<number, Promise<Row | undefined>>();

async function viewer(req: http.IncomingMessage): Promise<number | null> {
  const token = /^Bearer\s+(.+)$/i.exec(req.headers.authorization ?? '')?.[1];
  if (!token) return null;
  try {
    let claims = verified.get(token);
    if (!claims) {
      const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
      claims = { sub: Number(payload.sub), exp: Number(payload.exp) };
      verified.set(token, claims);
    }
    if (claims.exp <= Math.floor(Date.now() / 1000)) return null;
    let user = users.get(claims.sub);
    if (!user) {
      user = query<Row>(USER_SQL, [claims.sub]).then((rows) => rows[0]);
      users.set(claims.sub, user);
    }
    const row = await user;
    return row && !row.is_banned ? Number(row.telegram_id) : null;
  } catch {
    return null;
  }
}

type Task = ReturnType<typeof toTask>;
interface TeacherEntry {
  tasks: Task[];
  global: Map<string, number>;
  local: Map<string, number>;
  /** Rendered once, as the API's tasks/list.ts does: a body for viewers without a LOCAL discount, pieces for the rest. */
  forStudents?: Buffer;
  pieces: { id: string; before: string; after: string }[];
  localViewers: Set<number>;
}
const teachers = new Map<number, Promise<TeacherEntry | null>>();
const subjects = new Map<number, Promise<Buffer>>();

async function loadTeacher(teacherId: number): Promise<TeacherEntry | null> {
  if ((await query(TEACHER_SQL, [teacherId])).length === 0) return null;
  const [tasks, discounts] = await Promise.all([query<Row>(TASKS_SQL, [teacherId]), query<Row>(DISCOUNTS_SQL, [teacherId])]);
  const entry: TeacherEntry = { tasks: tasks.map(toTask), global: new Map(), local: new Map(), localViewers: new Set(), pieces: [] };
  for (const d of discounts) {
    if (d.type === 'GLOBAL') entry.global.set(String(d.task_id), Number(d.percent));
    else {
      entry.local.set(`${d.task_id}:${d.telegram_id}`, Number(d.percent));
      entry.localViewers.add(Number(d.telegram_id));
    }
  }
  entry.pieces = entry.tasks
    .filter((t) => t.visible)
    .map((t) => {
      const [before, after] = JSON.stringify({ ...t, discount: 0 }).split('"discount":0');
      return { id: t.id, before: `${before}"discount":`, after: after! };
    });
  entry.forStudents = Buffer.from(render(entry, null));
  return entry;
}

function render(entry: TeacherEntry, viewerId: number | null): string {
  const percent = (id: string) => entry.local.get(`${id}:${viewerId}`) ?? entry.global.get(id) ?? 0;
  return `[${entry.pieces.map((p) => p.before + percent(p.id) + p.after).join(',')}]`;
}

async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  const url = req.url ?? '/';
  if (url === '/healthz') return send(res, 200, { status: 'ok' });
  const teacher = /^\/api\/v1\/tasks\/teacher\/(\d+)$/.exec(url);
  const course = /^\/api\/v1\/subjects\/course-number\/([1-4])$/.exec(url);
  if (!teacher && !course) return send(res, 404, { message: 'Не знайдено' });
  const viewerId = await viewer(req);
  if (viewerId === null) return send(res, 401, { message: 'Потрібна авторизація' });
  if (course) {
    const n = Number(course[1]);
    if (!subjects.has(n)) {
      const render = (list: Row[]) => Buffer.from(JSON.stringify(list.map((r) => ({ id: String(r.id), name: r.name, courseNumber: Number(r.course_number) }))));
      subjects.set(n, query<Row>(SUBJECTS_SQL, [n]).then(render));
    }
    return send(res, 200, await subjects.get(n));
  }
  const teacherId = Number(teacher![1]);
  if (!teachers.has(teacherId)) teachers.set(teacherId, loadTeacher(teacherId));
  const entry = await teachers.get(teacherId)!;
  if (!entry) return send(res, 404, { message: 'Викладача не знайдено' });
  return send(res, 200, entry.localViewers.has(viewerId) ? Buffer.from(render(entry, viewerId)) : entry.forStudents);
}

const server = http.createServer((req, res) => {
  handle(req, res).catch((err: unknown) => {
    console.error(err);
    send(res, 500, { message: 'Помилка сервера' });
  });
});
server.keepAliveTimeout = 72_000;
server.listen(Number(process.env.PORT), '127.0.0.1');
process.on('SIGTERM', () => server.close(() => process.exit(0)));
