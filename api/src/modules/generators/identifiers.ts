import { MSG, templateMisfit, type Identifier } from '@zalik/contract';
import type { Db } from '../../db/client.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import type { BlobStore } from '../../ports/blob-store.js';
import type { GeneratorRegistry } from '../../ports/generator.js';
import { DOCX_TEMPLATE } from './docx-template.js';
import type { Sandbox } from './sandbox.js';
import { inspectTemplate } from './template-check.js';
import * as q from './identifiers.queries.js';
import { recordAudit } from '../audit/index.js';
import { removeIfUnreferenced } from '../files/index.js';

/**
 * The template library ("identifiers", as the product's newest client names them). A DOCX
 * entry is compiled in the sandbox when it arrives and its tags stored; a task uses it once
 * the tags fit the task (catalogue's `assignIdentifier`), and a new file reaches every task
 * using it in the same transaction, refused whole when it no longer fits one of them.
 * A replaced file is left to the orphan sweep; a deleted entry's file goes as soon as the
 * delete has committed and no task's template still uses it. Every change is an admin's and
 * is audited (`identifier.*`).
 */
export interface LibraryDeps {
  db: Db;
  blobs: BlobStore;
  sandbox: Sandbox;
  generators: GeneratorRegistry;
}

export interface LibraryForm {
  name?: string;
  description?: string;
  file?: { fileName: string; bytes: Buffer };
}

const docxName = (fileName: string) => (fileName.toLowerCase().endsWith('.docx') ? fileName : `${fileName}.docx`);
const baseName = (fileName: string) => fileName.replace(/\.docx$/i, '');

/** What the audit trail keeps of an entry. */
const audited = (r: q.IdentifierRow) => ({ name: r.name, description: r.description, kind: r.kind, fileName: r.file_name });

async function identifier(db: Db, id: number): Promise<Identifier> {
  const found = await q.findIdentifier(db, id);
  if (!found) throw notFound(MSG.identifierNotFound);
  return q.toIdentifier(found);
}

/** A new entry: a DOCX template (named after its file when no name is given), or a built-in generator's name. */
export async function createIdentifier(deps: LibraryDeps, form: LibraryForm, by: number): Promise<Identifier> {
  const description = form.description ?? '';
  if (!form.file) {
    const name = form.name ?? '';
    if (!name) throw badRequest(MSG.identifierRequired);
    if (!deps.generators.find(name)) throw badRequest(MSG.generatorUnknown(deps.generators.identifiers().sort()));
    const id = await deps.db.transaction(async (tx) => {
      const made = await q.insertIdentifier(tx, { name, description, kind: 'GENERATOR', generator: name, blobId: null, fileName: null, tags: [], by });
      await recordAudit(tx, { adminId: by, action: 'identifier.create', target: `identifier:${made}`, after: { name, description, kind: 'GENERATOR', fileName: null } });
      return made;
    });
    return identifier(deps.db, id);
  }
  const fileName = docxName(form.file.fileName);
  const tags = await inspectTemplate(deps.sandbox, form.file.bytes);
  const blobId = await deps.blobs.put(form.file.bytes);
  try {
    const name = form.name || baseName(fileName);
    const id = await deps.db.transaction(async (tx) => {
      const made = await q.insertIdentifier(tx, { name, description, kind: 'DOCX', generator: DOCX_TEMPLATE, blobId, fileName, tags, by });
      await recordAudit(tx, { adminId: by, action: 'identifier.create', target: `identifier:${made}`, after: { name, description, kind: 'DOCX', fileName } });
      return made;
    });
    return await identifier(deps.db, id);
  } catch (err) {
    await deps.blobs.remove(blobId).catch(() => undefined);
    throw err;
  }
}

/**
 * Changes an entry: a new file (checked against every task using it), a name, a description.
 * With nothing sent (the newest client's "Оновити"), its stored file is compiled again and its
 * tags refreshed, for it and the tasks using it.
 */
export async function updateIdentifier(deps: LibraryDeps, id: number, form: LibraryForm | null, by: number): Promise<Identifier> {
  const current = await q.findIdentifier(deps.db, id);
  if (!current) throw notFound(MSG.identifierNotFound);
  const reread = !form && current.kind === 'DOCX' && current.blob_id ? { fileName: current.file_name!, bytes: await deps.blobs.get(current.blob_id) } : null;
  const file = form?.file ? { fileName: docxName(form.file.fileName), bytes: form.file.bytes } : reread;
  if (file && current.kind !== 'DOCX') throw badRequest(MSG.identifierRequired);
  const tags = file ? await inspectTemplate(deps.sandbox, file.bytes) : null;
  const blobId = form?.file ? await deps.blobs.put(form.file.bytes) : current.blob_id;
  try {
    await deps.db.transaction(async (tx) => {
      const before = await q.findIdentifier(tx, id, true);
      if (!before) throw notFound(MSG.identifierNotFound);
      if (file && tags && blobId) {
        for (const task of await q.tasksUsing(tx, id)) {
          const misfit = templateMisfit(tags, task.type, task.names);
          if (misfit) throw badRequest(MSG.identifierDoesNotFit(task.title, MSG.templateTags(misfit.missing, misfit.extra)));
        }
        await q.replaceIdentifierFile(tx, id, { blobId, fileName: file.fileName, tags });
      }
      if (form && (form.name || form.description !== undefined)) await q.renameIdentifier(tx, id, { name: form.name || undefined, description: form.description });
      const after = (await q.findIdentifier(tx, id))!;
      // "Оновити" (the same file compiled again) is recorded too: it rewrites every task's tags.
      await recordAudit(tx, {
        adminId: by,
        action: 'identifier.update',
        target: `identifier:${id}`,
        before: audited(before),
        after: { ...audited(after), ...(file ? { tags } : {}) },
      });
    });
  } catch (err) {
    if (form?.file && blobId) await deps.blobs.remove(blobId).catch(() => undefined);
    throw err;
  }
  return identifier(deps.db, id);
}

/**
 * Removes an entry no live task uses. Its row stays (archived) for the audit and the tasks
 * that once pointed at it; its file is removed once the delete has committed, unless some
 * row still refers to it (an archived task's template, which its orders' reprocessing reads).
 */
export async function deleteIdentifier(deps: Pick<LibraryDeps, 'db' | 'blobs'>, id: number, by: number): Promise<void> {
  const blobId = await deps.db.transaction(async (tx) => {
    const current = await q.findIdentifier(tx, id, true);
    if (!current) throw notFound(MSG.identifierNotFound);
    const users = await q.tasksUsing(tx, id);
    if (users.length) throw conflict(MSG.identifierInUse(users.slice(0, 5).map((t) => `«${t.title}»`)));
    await q.archiveIdentifier(tx, id);
    await recordAudit(tx, { adminId: by, action: 'identifier.delete', target: `identifier:${id}`, before: audited(current) });
    return current.blob_id;
  });
  if (blobId) await removeIfUnreferenced(deps, blobId);
}

export const libraryPage = q.listIdentifiers;
export const toIdentifier = q.toIdentifier;
