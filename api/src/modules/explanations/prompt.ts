import type { Executor } from '../../db/client.js';
import type { AiMessage } from './provider.js';
import { answered, searchChunks, taskContext, type SessionOrder } from './queries.js';

/** Document pieces a prompt carries at most, and the earlier turns of the session it repeats. */
export const PROMPT_CHUNKS = 4;
export const PROMPT_TURNS = 3;
/** A piece of a document or of the task, in characters (documents are cut to this size). */
export const CHUNK_CHARS = 800;

/**
 * Written once: the model is a tutor of the student's own order, not a ghost-writer. Its
 * sources are numbered in the user message, so it can say where a statement comes from.
 */
export const SYSTEM_PROMPT = [
  'Ти — репетитор сервісу Zalik. Студент купив навчальне завдання і хоче зрозуміти його, щоб захистити перед викладачем.',
  'Пояснюй українською мовою, крок за кроком, простими словами; наприкінці коротко підсумуй.',
  'Спирайся на пронумеровані матеріали з повідомлення студента. Кожне твердження з матеріалу познач його номером у квадратних дужках, напр. [2].',
  'Якщо в матеріалах немає відповіді, скажи про це й поясни загальні принципи, не вигадуючи фактів.',
  'Не пиши нових робіт, які оцінюватимуть: не розв’язуй за студента інших варіантів, контрольних чи тестів, а пояснюй, як дійти до відповіді самому.',
  'Форматуй відповідь у Markdown: списки, блоки коду з мовою, формули в $…$ (KaTeX). Не використовуй HTML.',
].join('\n');

/**
 * The words of a question as a `to_tsquery('simple', …)` text: any of them may match, and a long
 * word matches by its beginning too, so «інтеграли» finds «інтеграл». Only letters and digits
 * reach the query, so no input can break its syntax.
 */
export function searchQuery(text: string): string {
  const words = new Set<string>();
  for (const m of text.toLowerCase().matchAll(/[\p{L}\p{N}]+/gu)) {
    const w = m[0];
    if (w.length < 3) continue;
    words.add(w.length > 5 ? `${w.slice(0, w.length - 2)}:*` : w);
    if (words.size >= 20) break;
  }
  return [...words].join(' | ');
}

const cut = (s: string, max: number) => (s.length > max ? `${s.slice(0, max)}…` : s);

/**
 * The messages sent for one question: the system prompt, the session's last few turns, and the
 * question with its numbered materials (the task, the student's arguments, the best pieces of the
 * documents this order may draw on and of the order's own files).
 */
export async function buildPrompt(ex: Executor, order: SessionOrder, question: string): Promise<AiMessage[]> {
  const task = await taskContext(ex, order.taskId);
  const materials: string[] = [];
  const title = task?.title ?? order.taskTitle;
  materials.push(`Завдання «${title}» (${task?.subjectName ?? order.subjectName}): ${cut(task?.description || 'опису немає', CHUNK_CHARS)}`);
  if (order.arguments.length) {
    const names = task?.argumentNames.length === order.arguments.length ? task.argumentNames : [];
    const args = order.arguments.map((v, i) => `${names[i] ?? `аргумент ${i + 1}`}: ${cut(v, 200)}`).join('; ');
    materials.push(`Дані студента: ${args}`);
  }
  const scope = { taskId: order.taskId, subjectId: task?.subjectId ?? 0, orderId: order.id };
  const chunks = await searchChunks(ex, scope, searchQuery(question), PROMPT_CHUNKS);
  for (const c of chunks) {
    const from = c.source === 'order' ? `Файл замовлення «${c.fileName}»` : `Документ «${c.fileName}»`;
    materials.push(`${from}: ${c.content.replace(/\s+/g, ' ')}`);
  }
  const turns = await answered(ex, order.id, PROMPT_TURNS);
  return [
    { role: 'system', content: SYSTEM_PROMPT },
    ...turns.flatMap((t): AiMessage[] => [
      { role: 'user', content: t.question },
      { role: 'assistant', content: t.answer },
    ]),
    { role: 'user', content: ['Матеріали:', ...materials.map((m, i) => `[${i + 1}] ${m}`), '', `Питання: ${question}`].join('\n') },
  ];
}
