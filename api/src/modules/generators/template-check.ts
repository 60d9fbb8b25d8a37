import { inflateRawSync } from 'node:zlib';
import PizZip from 'pizzip';
import Docxtemplater from 'docxtemplater';
import { MSG, TEMPLATE_ANSWERS_TAG, TEMPLATE_NUMBER_TAG, TEMPLATE_VALUE_TAG, type TaskType } from '@zalik/contract';
import { badRequest } from '../../lib/errors.js';
import { templateOptions } from './template-options.js';

/** A zip that unpacks to more than this is refused before docxtemplater reads it (zip bomb). */
const MAX_UNPACKED_BYTES = 100 * 1024 * 1024;

interface Tag {
  name: string;
  loop: boolean;
  inner: Tag[];
}

interface TemplateErrorLike {
  properties?: { errors?: { properties?: { explanation?: string } }[]; explanation?: string };
}

interface ZipEntryData {
  compressionMethod?: string;
  getCompressedContent?: () => Uint8Array;
}

/**
 * Unpacks every entry with a running cap before docxtemplater touches it: a zip's declared
 * sizes can lie, and inflating a bomb in the API thread would take the server down.
 */
function assertUnpackedSizeWithin(zip: PizZip, budget: number): void {
  let left = budget;
  for (const f of Object.values(zip.files)) {
    const data = (f as unknown as { _data?: ZipEntryData })._data;
    const packed = data?.getCompressedContent?.();
    if (!data || !packed) continue;
    let size: number;
    if (data.compressionMethod === '\x08\x00') {
      try {
        size = inflateRawSync(packed, { maxOutputLength: Math.max(1, left) }).length;
      } catch {
        throw badRequest(MSG.templateInvalid('розпакований документ завеликий або пошкоджений'));
      }
    } else {
      size = packed.length;
    }
    left -= size;
    if (left < 0) throw badRequest(MSG.templateInvalid('розпакований документ завеликий'));
  }
}

function openDocx(bytes: Buffer): PizZip {
  let zip: PizZip;
  try {
    zip = new PizZip(bytes);
  } catch {
    throw badRequest(MSG.templateNotDocx);
  }
  if (!zip.file('word/document.xml')) throw badRequest(MSG.templateNotDocx);
  assertUnpackedSizeWithin(zip, MAX_UNPACKED_BYTES);
  return zip;
}

/** docxtemplater's own explanations of what is wrong (unclosed tag, unopened loop...). */
function explain(err: unknown): string {
  const props = (err as TemplateErrorLike).properties;
  const why = (props?.errors ?? [])
    .map((e) => e.properties?.explanation)
    .filter((s): s is string => Boolean(s));
  if (why.length === 0 && props?.explanation) why.push(props.explanation);
  if (why.length === 0) return err instanceof Error ? err.message : String(err);
  return why.slice(0, 3).join('; ') + (why.length > 3 ? ` (і ще ${why.length - 3})` : '');
}

function collect(parts: Docxtemplater.DXT.Part[] | undefined): Tag[] {
  const tags: Tag[] = [];
  for (const p of parts ?? []) {
    if (p.type !== 'placeholder') continue;
    const name = p.value.trim();
    if (p.module && p.module !== 'loop') throw badRequest(MSG.templateInvalid(MSG.templateUnsupportedTag(p.raw || name)));
    tags.push({ name, loop: p.module === 'loop', inner: collect(p.subparsed) });
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
 * author is untrusted) and checks its tags against the task. Returns the tags found.
 * Every refusal is a 400 whose message says what to fix.
 */
export function checkTemplate(bytes: Buffer, task: { type: TaskType; argumentNames: string[] }): string[] {
  const zip = openDocx(bytes);
  let doc: Docxtemplater;
  try {
    doc = new Docxtemplater(zip, templateOptions());
  } catch (err) {
    if ((err as { name?: string }).name === 'TemplateError') throw badRequest(MSG.templateInvalid(explain(err)));
    throw badRequest(MSG.templateNotDocx);
  }
  const compiled = (doc as unknown as { compiled: Record<string, { postparsed: Docxtemplater.DXT.Part[] }> }).compiled;
  const tags: Tag[] = [];
  for (const file of Object.values(compiled)) tags.push(...collect(file.postparsed));
  compareWithTask(tags, task.type, task.argumentNames);
  return flatten(tags);
}

