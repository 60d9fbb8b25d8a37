import { MSG, TEMPLATE_ANSWERS_TAG, TEMPLATE_NUMBER_TAG, TEMPLATE_VALUE_TAG, type TaskType } from '@zalik/contract';
import { badRequest } from '../../lib/errors.js';
import { SandboxError, type Sandbox, type TemplatePart } from './sandbox.js';
import { templateErrorText } from './template-problems.js';

interface Tag {
  name: string;
  loop: boolean;
  inner: Tag[];
}

/** Why the worker could not open a template, in the words of the admin who uploads it. */
function refusal(err: SandboxError): string {
  switch (err.reason) {
    case 'not-docx':
      return MSG.templateNotDocx;
    case 'unpacked-too-large':
      return MSG.templateUnpackedTooBig;
    case 'too-many-tags':
      return MSG.templateTooManyTags;
    default:
      // Out of time or out of the worker's heap.
      return MSG.templateCheckFailed;
  }
}

function collect(parts: TemplatePart[]): Tag[] {
  const tags: Tag[] = [];
  for (const p of parts) {
    const name = p.value.trim();
    if (p.module && p.module !== 'loop') throw badRequest(MSG.templateInvalid(MSG.templateUnsupportedTag(p.raw || name)));
    tags.push({ name, loop: p.module === 'loop', inner: collect(p.inner) });
  }
  return tags;
}

function flatten(tags: Tag[], into: string[] = []): string[] {
  for (const t of tags) {
    if (!into.includes(t.name)) into.push(t.name);
    flatten(t.inner, into);
  }
  return into;
}

/** Compares the template's tags with the task (see the tag convention in contract/orders.ts). */
function compareWithTask(tags: Tag[], type: TaskType, argumentNames: string[]): void {
  const names = argumentNames.map((n) => n.trim());
  if (type === 'REGULAR') {
    const found = flatten(tags);
    const missing = names.filter((n) => !found.includes(n));
    const extra = found.filter((t) => !names.includes(t));
    if (missing.length || extra.length) throw badRequest(MSG.templateTags(missing, extra));
    return;
  }
  // TEST: one level of {#answers}; {number} and {value} only inside it.
  const first = names[0];
  const extra: string[] = [];
  let hasLoop = false;
  const walk = (list: Tag[], inAnswers: boolean, inLoop: boolean) => {
    for (const t of list) {
      if (t.name === TEMPLATE_ANSWERS_TAG && t.loop) {
        if (inLoop) throw badRequest(MSG.templateInvalid('цикл {#answers} не можна вкладати в інший цикл'));
        hasLoop = true;
      } else if (!(t.name === first || (inAnswers && (t.name === TEMPLATE_NUMBER_TAG || t.name === TEMPLATE_VALUE_TAG)))) {
        if (!extra.includes(t.name)) extra.push(t.name);
      }
      walk(t.inner, inAnswers || t.name === TEMPLATE_ANSWERS_TAG, inLoop || t.loop);
    }
  };
  walk(tags, false, false);
  const missing = hasLoop ? [] : [`#${TEMPLATE_ANSWERS_TAG}`];
  if (missing.length || extra.length) throw badRequest(MSG.templateTags(missing, extra));
}

/**
 * Compiles an uploaded template exactly as generation will (no expression parser: the
 * author is untrusted), in the sandbox's worker under its time, heap and unpacked-size
 * limits, and checks its tags against the task. Returns the tags found. Every refusal is a
 * 400 whose message says what to fix.
 */
export async function checkTemplate(sandbox: Sandbox, bytes: Buffer, task: { type: TaskType; argumentNames: string[] }): Promise<string[]> {
  const tags = await compile(sandbox, bytes);
  compareWithTask(tags, task.type, task.argumentNames);
  return flatten(tags);
}

/**
 * Compiles a template of the library, which no task is compared with yet: its tags are stored
 * and each task that uses it is checked against them (the contract's `templateMisfit`).
 */
export async function inspectTemplate(sandbox: Sandbox, bytes: Buffer): Promise<string[]> {
  return flatten(await compile(sandbox, bytes));
}

/** The template compiled as generation will, in the sandbox's worker, as a tree of its tags. */
async function compile(sandbox: Sandbox, bytes: Buffer): Promise<Tag[]> {
  let found;
  try {
    found = await sandbox.inspect(bytes);
  } catch (err) {
    if (err instanceof SandboxError) throw badRequest(refusal(err));
    throw err;
  }
  if ('templateError' in found) throw badRequest(templateErrorText(found.templateError));
  return collect(found.parts);
}
