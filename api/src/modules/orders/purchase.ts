import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { MSG, ORDER_MAX_FILE_BYTES, takesFree, type TaskType } from '@zalik/contract';
import type { Executor } from '../../db/client.js';
import { HttpError, badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import type { BlobStore } from '../../ports/blob-store.js';
import { GenerationError, type GeneratedFile, type GeneratorRegistry, type TaskTemplateRef } from '../../ports/generator.js';
import { safeFileName } from '../files/index.js';
import type { OrdersConfig } from '../../config.js';
import { findOrder, findOrderByKey } from './queries.js';
import type { Order } from './rows.js';
import { DiscountUsedUp, DuplicatePurchase, recordPurchase } from './record.js';
import type { TaskForOrder } from '../catalogue/index.js';
import { loadPurchase } from './tasks.js';
import { isConnectionLost } from '../../db/errors.js';
import type { CoreDeps } from '../../types/deps.js';
import { clock } from '../../lib/clock.js';
import { within } from '../../lib/within.js';

/** The whole generation, queueing included; the docx sandbox has its own, shorter limit. */
export const GENERATION_TIMEOUT_MS = 20_000;

export interface PurchaseContext {
  blobs: BlobStore;
  generators: GeneratorRegistry;
  feePercent: number;
  /** Deadlines and timers of manual orders. */
  orders: OrdersConfig;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
}

const SILENT: PurchaseContext['log'] = { warn: () => {}, error: () => {} };

/** The one place a PurchaseContext is made: from the app's deps and the request's log (the demo seeds log nothing). */
export function purchaseContext(deps: Pick<CoreDeps, 'blobs' | 'generators' | 'config'>, log = SILENT): PurchaseContext {
  const { blobs, generators, config } = deps;
  return { blobs, generators, feePercent: config.platformFeePercent, orders: config.orders, log };
}

/** A purchase's order, and its task as the purchase read it (the answer nests it: no read of its own). */
export interface Purchased {
  order: Order;
  task: TaskForOrder;
}

export interface Buyer {
  telegramId: number;
  username: string;
  isAdmin: boolean;
}

/**
 * Spec 5: trailing whitespace removed. A TEST task needs at least one answer and no empty
 * one; a REGULAR task exactly one value per argument (its form does not check emptiness).
 */
export function normaliseArguments(type: TaskType, argumentCount: number, raw: string[]): string[] {
  const values = raw.map((v) => v.trimEnd());
  if (type === 'TEST') {
    if (values.length === 0 || values.some((v) => v.trim() === '')) throw badRequest(MSG.argumentEmpty);
  } else if (values.length !== argumentCount) {
    throw badRequest(MSG.argumentsCount);
  }
  return values;
}


/**
 * Runs the task's generator (a purchase, a regeneration). Any failure is a 422 with a message
 * for the student; nothing is stored. `template`: the task's template when the caller read it
 * with the task (null: none); left out, the generator reads it.
 */
export async function generate(ctx: PurchaseContext, task: TaskForOrder, values: string[], template?: TaskTemplateRef | null): Promise<GeneratedFile> {
  const generator = ctx.generators.find(task.identifier);
  if (!generator) {
    ctx.log.error({ taskId: task.id, identifier: task.identifier }, 'auto-generated task names no known generator');
    throw new HttpError(422, MSG.generationFailed);
  }
  try {
    const file = await within(
      generator.generate({
        taskId: task.id,
        taskTitle: task.title,
        type: task.type,
        argumentNames: task.argumentNames,
        values,
        ...(template !== undefined ? { template } : {}),
      }),
      GENERATION_TIMEOUT_MS,
      () => new GenerationError(MSG.generationFailed),
    );
    if (file.bytes.length === 0 || file.bytes.length > ORDER_MAX_FILE_BYTES) throw new GenerationError(MSG.generationFailed);
    return { ...file, fileName: safeFileName(file.fileName, 'zalik') };
  } catch (err) {
    if (err instanceof GenerationError) {
      ctx.log.warn({ err, taskId: task.id }, 'generation refused');
      throw new HttpError(422, err.message || MSG.generationFailed);
    }
    ctx.log.error({ err, taskId: task.id }, 'generation failed');
    throw new HttpError(422, MSG.generationFailed);
  }
}

/**
 * A reused Idempotency-Key must name the same purchase: the same task and the same arguments
 * (as stored, trailing whitespace removed). Anything else is another purchase under a spent
 * key, refused like a reused top-up key, instead of silently answering the first order.
 */
function assertSamePurchase(earlier: Order, input: { taskId: number; arguments: string[] }): Order {
  const values = input.arguments.map((v) => v.trimEnd());
  const same =
    earlier.taskId === input.taskId && earlier.arguments.length === values.length && earlier.arguments.every((v, i) => v === values[i]);
  if (!same) throw conflict(MSG.idempotencyKeyReused);
  return earlier;
}

/** A purchase that lost its discount's last use to another buyer is priced again; each try reads what is left. */
const PRICING_TRIES = 5;

/**
 * `POST /tasks/process`. The same Idempotency-Key from the same buyer always answers the
 * first order and charges once (with another task or other arguments it is refused, 409):
 * - a retry after the first committed finds its order before doing anything;
 * - a duplicate racing the first (both past that check) may generate too, but its statement
 *   waits on the UNIQUE (buyer_id, idempotency_key) until the first commits, finds the key
 *   taken, writes nothing and answers the first order (its own blob is removed).
 * An auto task is generated before anything is written; only a successful generation is
 * charged, and a failed charge removes the stored file.
 *
 * Round trips (docs/PERFORMANCE.md, "Purchases"): one read of everything the purchase decides
 * on (`loadPurchase`, an auto task's template included), one statement that writes it all
 * (`recordPurchase`), atomic on its own.
 * `ex` is the database, or the demo seed's transaction (which gives it a savepoint of its own).
 */
export async function purchase(
  ctx: PurchaseContext,
  ex: Executor,
  buyer: Buyer,
  input: { taskId: number; arguments: string[] },
  clientKey?: string,
): Promise<Purchased> {
  if (!buyer.username) throw badRequest(MSG.usernameRequired);
  // Server keys contain ':' which client keys cannot, so the two never collide.
  const key = clientKey ?? `server:${randomUUID()}`;
  let file: { blobId: string; fileName: string; mime: string; size: number } | undefined;
  try {
    for (let attempt = 1; ; attempt++) {
      const facts = await loadPurchase(ex, input.taskId, buyer.telegramId, key, clock.now());
      if (facts?.earlierId) return { order: assertSamePurchase((await findOrder(ex, facts.earlierId))!, input), task: facts.task };
      if (!facts || facts.task.archived) throw notFound(MSG.taskNotFound);
      const { task } = facts;
      if (!task.visible && !buyer.isAdmin) throw forbidden(MSG.taskHidden);
      const values = normaliseArguments(task.type, task.argumentNames.length, input.arguments);
      if (task.autoGenerate && !file) {
        const generated = await generate(ctx, task, values, facts.template);
        const blobId = await ctx.blobs.put(generated.bytes);
        file = { blobId, fileName: generated.fileName, mime: generated.mime, size: generated.bytes.length };
      }
      try {
        const order = await recordPurchase(ex, {
          facts,
          buyerId: buyer.telegramId,
          buyerUsername: buyer.username,
          key,
          values,
          feePercent: ctx.feePercent,
          orders: ctx.orders,
          free: takesFree(buyer, task.developerId),
          file,
        });
        file = undefined;
        return { order, task };
      } catch (err) {
        // A lost connection may have lost only the answer to the statement: keep the file its order may have.
        if (isConnectionLost(err)) file = undefined;
        if (err instanceof DiscountUsedUp && attempt < PRICING_TRIES) continue;
        if (!(err instanceof DuplicatePurchase)) throw err;
        const first = await findOrderByKey(ex, buyer.telegramId, key);
        if (!first) throw conflict(MSG.purchaseInProgress);
        return { order: assertSamePurchase(first, input), task };
      }
    }
  } finally {
    // Not charged: the stored answer has no order.
    if (file) await ctx.blobs.remove(file.blobId).catch(() => undefined);
  }
}
