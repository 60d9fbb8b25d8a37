import type { Dispute, Page } from '@zalik/contract';
import type { Executor } from '../../db/client.js';
import { keysetPage, type PageKeys } from '../../lib/page-keys.js';
import type { PageRequest } from '../../lib/page.js';
import type { FileLinks } from '../files/index.js';
import { disputeKey, disputeRows, disputeStories, openDisputes, type DisputeKey } from './queries.js';
import { byOrder, toDispute, type DisputeRow, type EventRow, type FileRow } from './rows.js';

/** What the admin's list of open disputes reads with: the database and the files' download links. */
export interface DisputesDeps {
  db: Executor;
  links: FileLinks;
}

/**
 * Disputes read and sent per batch of the whole list (each with its files and events). Each batch
 * is three round trips, so 50 made a full answer (2 000) 120 statements; at 250 a batch still
 * builds and serializes in a few milliseconds, and its orders' read stays a plain index walk
 * (PostgreSQL turns to a slower parallel plan only for much larger pages).
 */
const DISPUTE_BATCH = 250;

function toDisputes(links: FileLinks, { disputes, files, events }: { disputes: DisputeRow[]; files: FileRow[]; events: EventRow[] }): Dispute[] {
  const filesOf = byOrder(files);
  const eventsOf = byOrder(events);
  return disputes.map((d) => toDispute(d, filesOf.get(Number(d.id)) ?? [], eventsOf.get(Number(d.id)) ?? [], links));
}

/** Every open dispute, oldest first, a batch at a time (the plain array existing clients read whole). */
export async function* allDisputes({ db, links }: DisputesDeps): AsyncGenerator<Dispute[]> {
  for await (const batch of openDisputes(db, DISPUTE_BATCH)) yield toDisputes(links, batch);
}

/**
 * One page of the open disputes, oldest first, for one admin. The admin scrolls page after page
 * while disputes leave the list (theirs and other admins' decisions), so a page right after one
 * this instance served them starts after that page's last dispute (lib/page-keys.ts) instead of
 * skipping `page × limit`: a dispute resolved above does not push another one past the page's
 * start. Keys are per admin, since each admin's previous page is their own. A page read by OFFSET
 * (none before it here) also reads the dispute just before it and keeps it as the previous page's
 * end, so reopening it reads by key. Only the page's own disputes get their files and events read.
 */
export async function disputePage(
  { db, links }: DisputesDeps,
  adminId: number,
  page: PageRequest,
  keys: PageKeys<DisputeKey>,
): Promise<Page<Dispute>> {
  const found = await keysetPage(keys, `${adminId}:${page.limit}`, page, disputeKey, (after, limit, offset) => disputeRows(db, after ?? null, limit, offset));
  return { content: toDisputes(links, await disputeStories(db, found.content)), last: found.last };
}
