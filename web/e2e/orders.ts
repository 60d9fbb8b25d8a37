/**
 * The orders side of browser tests, through the API: find a seeded task by title, buy it as a
 * persona, deliver files as its developer, read histories and balances. The screens under test
 * are then driven in the browser.
 */
import type { HistoryItem, ProcessedTask, Subject, Task, Teacher, Wallet } from '@zalik/contract';
import { PERSONA, type ApiAs, type E2E } from './helpers';

export interface Upload {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

export const pdf = (name: string, text = name): Upload => ({ name, mimeType: 'application/pdf', buffer: Buffer.from(`%PDF-1.4\n% ${text}\n%%EOF\n`) });

/** A seeded task of a course-1 subject, by subject name and title. */
export async function findTask(api: ApiAs, subject: string, title: string): Promise<Task> {
  const subjectId = (await api.get<Subject[]>('/api/v1/subjects/course-number/1')).find((s) => s.name === subject)!.id;
  for (const teacher of await api.get<Teacher[]>(`/api/v1/teachers/subject/${subjectId}`)) {
    const found = (await api.get<Task[]>(`/api/v1/tasks/teacher/${teacher.id}`)).find((t) => t.title === title);
    if (found) return found;
  }
  throw new Error(`no task «${title}» in ${subject}`);
}

async function send<T>(env: E2E, api: ApiAs, method: string, path: string, body: BodyInit, headers: Record<string, string> = {}): Promise<T> {
  const res = await fetch(new URL(path, env.server.url), { method, headers: { authorization: `Bearer ${api.token}`, ...headers }, body });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} -> ${res.status} ${text}`);
  return JSON.parse(text) as T;
}

/** A purchase as the buying screen makes it (with its Idempotency-Key). */
export function buy(env: E2E, api: ApiAs, taskId: string, values: string[]): Promise<ProcessedTask> {
  return send(env, api, 'POST', '/api/v1/tasks/process', JSON.stringify({ taskId, arguments: values }), {
    'content-type': 'application/json',
    'idempotency-key': `e2e-${taskId}-${Date.now()}-${Math.random().toString(36).slice(2, 10)}`,
  });
}

/** The developer delivers files (multipart, as the dev panel sends them) with an optional message. */
export function deliver(env: E2E, dev: ApiAs, orderId: string, files: Upload[], message?: string): Promise<HistoryItem> {
  const form = new FormData();
  for (const f of files) form.append('file', new Blob([new Uint8Array(f.buffer)], { type: f.mimeType }), f.name);
  if (message) form.append('message', message);
  return send(env, dev, 'PATCH', `/api/v1/histories/history/${orderId}/developer/save-file`, form);
}

export async function orderOf(api: ApiAs, orderId: string): Promise<HistoryItem> {
  return (await api.get<HistoryItem[]>(`/api/v1/histories/user/${PERSONA.student}`)).find((o) => o.id === orderId)!;
}

export async function balanceOf(api: ApiAs, telegramId: string, kind: Wallet['kind'] = 'general'): Promise<number> {
  return (await api.get<Wallet[]>(`/api/v1/wallets/user/${telegramId}`)).find((w) => w.kind === kind)!.balance;
}
