import { sql } from 'drizzle-orm';
import { MSG, ORDER_MAX_FILE_BYTES, TEMPLATE_ANSWERS_TAG, TEMPLATE_NUMBER_TAG, TEMPLATE_VALUE_TAG } from '@zalik/contract';
import { row, rows, type Executor } from '../../db/client.js';
import { GeneratorRegistry } from '../../ports/generator.js';
import type { SeedStep } from '../../types/deps.js';
import { InsufficientFunds } from '../ledger/index.js';
import { DOCX_TEMPLATE, createDocxTemplateGenerator } from '../generators/index.js';
import { minimalDocx } from '../generators/index.js';
import { Sandbox } from '../generators/index.js';
import { checkTemplate, insertIdentifier, pointTaskAt } from '../generators/index.js';
import { purchase, purchaseContext } from './purchase.js';
import { loadTask, type TaskForOrder } from '../catalogue/index.js';

const STUDENT = 100001;
const DEVELOPER = 100002;

/** Sample answers a student would type, by argument name. */
const SAMPLE: Record<string, string> = {
  'ПІБ студента': 'Коваленко О. С.',
  Група: 'КН-21',
  Варіант: '7',
  Тема: 'Чисельні методи розв’язання рівнянь',
  Питання: 'Що таке похідна?',
  'Мова програмування': 'Python',
};

const noBraces = (s: string) => s.replace(/[{}]/g, '');

/** A demo template: the task's title, then one labelled line per argument (or the answers loop). */
function demoTemplate(task: TaskForOrder): Buffer {
  const head = [noBraces(task.title), 'Виконано в Залік', ''];
  if (task.type === 'TEST') {
    return minimalDocx([...head, 'Відповіді:', `{#${TEMPLATE_ANSWERS_TAG}}`, `{${TEMPLATE_NUMBER_TAG}}. {${TEMPLATE_VALUE_TAG}}`, `{/${TEMPLATE_ANSWERS_TAG}}`]);
  }
  return minimalDocx([...head, ...task.argumentNames.map((n) => `${noBraces(n)}: {${n}}`)]);
}

async function seedTemplates(tx: Executor, blobs: Parameters<SeedStep>[1]['blobs'], sandbox: Sandbox): Promise<void> {
  const ids = await rows<{ id: number }>(
    tx,
    sql`SELECT t.id FROM tasks t WHERE t.identifier = ${DOCX_TEMPLATE} AND t.auto_generate AND t.deleted_at IS NULL
          AND NOT EXISTS (SELECT 1 FROM task_templates tt WHERE tt.task_id = t.id)
        ORDER BY t.id`,
  );
  for (const { id } of ids) {
    const task = (await loadTask(tx, Number(id)))!;
    const bytes = demoTemplate(task);
    let tags: string[];
    try {
      tags = await checkTemplate(sandbox, bytes, task);
    } catch {
      continue; // an argument name that cannot be a tag: the admin uploads a template by hand
    }
    const blobId = await blobs.put(bytes);
    const fileName = `${noBraces(task.title).slice(0, 80)} — шаблон.docx`;
    await tx.execute(sql`
      INSERT INTO task_templates (task_id, blob_id, file_name, tags, uploaded_by)
      VALUES (${task.id}, ${blobId}, ${fileName}, ${JSON.stringify(tags)}::jsonb, ${task.developerId})`);
    // Every template is an entry of the library, as an upload makes it.
    const entry = await insertIdentifier(tx, {
      name: fileName.replace(/\.docx$/i, ''),
      description: MSG.identifierOfTask(task.title),
      kind: 'DOCX',
      generator: DOCX_TEMPLATE,
      blobId,
      fileName,
      tags,
      by: task.developerId,
    });
    await pointTaskAt(tx, task.id, entry);
  }
}

/**
 * Demo orders: every seeded docx-template task gets a template built here in code, then the
 * demo student buys one auto task (a DONE order with a real generated file) and one manual
 * task of the demo developer (an order IN_PROGRESS in the dev panel), through the real
 * purchase so the ledger balances. Runs inside the seed's transaction: the generator reads
 * templates through that transaction, never the outer database.
 */
export const seedOrders: SeedStep = async (tx, deps) => {
  const sandbox = new Sandbox({ size: 1, timeoutMs: 10_000, maxOutputBytes: ORDER_MAX_FILE_BYTES, maxHeapMb: 256 });
  try {
    await seedTemplates(tx, deps.blobs, sandbox);
    await seedPurchases(tx, deps, sandbox);
  } finally {
    await sandbox.close();
  }
};

async function seedPurchases(tx: Executor, deps: Parameters<SeedStep>[1], sandbox: Sandbox): Promise<void> {
  const student = await row<{ username: string }>(tx, sql`SELECT username FROM users WHERE telegram_id = ${STUDENT}`);
  if (!student) return;
  const pick = async (auto: boolean) => {
    const r = await row<{ id: number }>(
      tx,
      sql`SELECT t.id FROM tasks t
          WHERE t.visible AND t.deleted_at IS NULL AND t.auto_generate = ${auto} AND t.developer_id = ${DEVELOPER}
            AND (NOT ${auto} OR EXISTS (SELECT 1 FROM task_templates tt WHERE tt.task_id = t.id))
          ORDER BY t.type, t.id LIMIT 1`,
    );
    return r ? loadTask(tx, Number(r.id)) : null;
  };

  const generators = new GeneratorRegistry().register(createDocxTemplateGenerator({ db: tx, blobs: deps.blobs, sandbox }));
  const ctx = purchaseContext({ ...deps, generators });
  const buyer = { telegramId: STUDENT, username: student.username, isAdmin: false };
  for (const [auto, key] of [
    [true, 'demo-seed-auto-order'],
    [false, 'demo-seed-manual-order'],
  ] as const) {
    const task = await pick(auto);
    if (!task) continue;
    const values = task.type === 'TEST' ? [SAMPLE['Питання']!] : task.argumentNames.map((n) => SAMPLE[n] ?? 'Демо');
    try {
      // A savepoint of its own: a refused purchase statement must not abort the seed's transaction.
      await tx.transaction((sp) => purchase(ctx, sp, buyer, { taskId: task.id, arguments: values }, key));
    } catch (err) {
      // Demo money is another step's business: without it, the demo simply has no orders.
      if (!(err instanceof InsufficientFunds)) throw err;
    }
  }
}
