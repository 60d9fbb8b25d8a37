import { z } from 'zod';
import {
  DeveloperOrderList,
  DeveloperHistoryQuery,
  DeveloperOrdersQuery,
  HistoryPage,
  ORDER_PAGE_SIZE,
  HistoryItem,
  HistoryListOrPage,
  HistoryQuery,
  InProgressListOrPage,
  InProgressQuery,
  MSG,
  ORDER_MAX_FILES,
  ORDER_MAX_FILE_BYTES,
  ORDER_MESSAGE_MAX,
  OrderIdParam,
  TelegramIdParam,
  asksForPage,
  ORDER_FILE_EXTENSIONS,
  endpoints as ep,
  type HistoryType,
} from '@zalik/contract';
import type { FastifyRequest } from 'fastify';
import type { OrdersDeps } from './deps.js';
import { route, type Route } from '../../http/route.js';
import { assertSelfOrAdmin, currentUser } from '../../http/auth.js';
import { badRequest } from '../../lib/errors.js';
import { binaryFile } from '../../http/multipart-doc.js';
import { detectFileType } from '../files/index.js';
import { receiveFiles, removeBlobs, type StoredUpload } from '../files/index.js';
import { adminRefund } from './cancel.js';
import { assertDeliverable, assertReplaceable, deliver, replaceFiles } from './delivery.js';
import { closedOrdersOf, openOrders, openOrdersInBatches, ordersOfBuyer, ordersOfBuyerInBatches, ordersOfDeveloper } from './queries.js';
import { pageFrom, windowOf } from '../../lib/page.js';
import { createPageKeys, keysetPage } from '../../lib/page-keys.js';
import { sendJsonArray } from '../../http/json-stream.js';
import { orderRules, toDeveloperOrder, toInProgressOrder, toOrder, type InProgressRow } from './rows.js';
import { loadOrderExtras } from './extras.js';
import { historyItem, toHistoryItems } from './history-items.js';

/** The longest order id a form's `id` part may carry. */
const ID_PART_MAX = 20;

/** The answer files of an order: 1-10 `file` parts, 20 MB each, of the types a delivery accepts. */
function receiveOrderFiles(request: FastifyRequest, deps: Pick<OrdersDeps, 'blobs'>) {
  return receiveFiles(request, deps.blobs, {
    fileFields: ['file', 'files'],
    minFiles: 1,
    maxFiles: ORDER_MAX_FILES,
    maxFileBytes: ORDER_MAX_FILE_BYTES,
    textFields: { message: ORDER_MESSAGE_MAX, id: ID_PART_MAX },
    messages: { required: MSG.filesRequired, tooMany: MSG.tooManyOrderFiles, tooBig: MSG.orderFileTooBig, textTooLong: MSG.orderMessageTooLong },
    accept: (fileName, bytes) => detectFileType(fileName, bytes) ?? badRequest(MSG.fileTypeUnsupported(fileName, ORDER_FILE_EXTENSIONS)),
  });
}

/** Runs `work` with the stored files; if it refuses, the files are removed (nothing refers to them). */
async function withFiles(deps: Pick<OrdersDeps, 'blobs'>, files: StoredUpload[], work: () => Promise<void>): Promise<void> {
  try {
    await work();
  } catch (err) {
    await removeBlobs(
      deps.blobs,
      files.map((f) => f.blobId),
    );
    throw err;
  }
}

/** Open orders as the developer's queue shows them, with their tasks and buyers (two reads whatever the count). */
async function inProgressOrders(ex: OrdersDeps['db'], found: InProgressRow[]) {
  const extras = await loadOrderExtras(ex, found.map((r) => toOrder(r, [])));
  return found.map((r) => toInProgressOrder(r, extras));
}

/** Orders per statement of a streamed history. */
const HISTORY_BATCH = 100;

const answerFiles = z.object({ file: z.array(binaryFile('An answer file')), message: z.string().max(ORDER_MESSAGE_MAX).optional() });

/** Histories of buyers, the developer's queue and record, delivery, replacing files and refund (`/api/v1/histories/...`). */
export const historyRoutes = (deps: OrdersDeps): Route[] => {
  const { db, links, config } = deps;
  const queuePages = createPageKeys<string>('queue', deps.pageEnds);
  const item = (id: number, request: FastifyRequest) => historyItem(db, links, orderRules(config), id, currentUser(request));
  async function* historyInBatches(buyerId: number, type: HistoryType, viewer: ReturnType<typeof currentUser>) {
    for await (const orders of ordersOfBuyerInBatches(db, buyerId, HISTORY_BATCH, viewer.telegramId, type)) yield toHistoryItems(db, links, orderRules(config), orders, viewer);
  }
  return [
    route(ep.historyOfUser, { params: TelegramIdParam, query: HistoryQuery, answer: HistoryListOrPage }, async (request, reply) => {
      assertSelfOrAdmin(request, request.params.telegramId);
      const { type } = request.query;
      const buyerId = Number(request.params.telegramId);
      if (asksForPage(request.query)) {
        const page = { page: request.query.page ?? 0, limit: request.query.limit ?? ORDER_PAGE_SIZE };
        const found = await ordersOfBuyer(db, buyerId, windowOf(page), currentUser(request).telegramId, type);
        return pageFrom(await toHistoryItems(db, links, orderRules(config), found, currentUser(request)), page);
      }
      // The 1.8.7 client asks for the whole history: streamed (http/json-stream.ts).
      return sendJsonArray(reply, historyInBatches(buyerId, type, currentUser(request)));
    }),

    route(ep.ordersInProgress, { query: InProgressQuery, answer: InProgressListOrPage }, async (request, reply) => {
      const developerId = currentUser(request).telegramId;
      if (asksForPage(request.query)) {
        const page = { page: request.query.page ?? 0, limit: request.query.limit ?? ORDER_PAGE_SIZE };
        // The next page starts after the last order the page before it showed (lib/page-keys.ts):
        // an order delivered in between does not pull one the developer has not seen onto that page.
        const found = await keysetPage(queuePages, `${developerId}:${page.limit}`, page, (r: InProgressRow) => String(r.id), (after, limit, offset) =>
          openOrders(db, developerId, after === undefined ? null : Number(after), limit, offset),
        );
        return { content: await inProgressOrders(db, found.content), last: found.last };
      }
      // 1.8.7 reads the whole queue: streamed (http/json-stream.ts).
      async function* batches() {
        for await (const found of openOrdersInBatches(db, developerId, HISTORY_BATCH)) yield await inProgressOrders(db, found);
      }
      return sendJsonArray(reply, batches());
    }),

    route(ep.developerHistory, { query: DeveloperHistoryQuery, answer: HistoryPage }, async (request) => {
      const developer = currentUser(request);
      const page = { page: request.query.page ?? 0, limit: request.query.limit ?? ORDER_PAGE_SIZE };
      const found = await ordersOfDeveloper(db, developer.telegramId, windowOf(page), request.query.isAutoGenerate);
      return pageFrom(await toHistoryItems(db, links, orderRules(config), found, developer), page);
    }),

    route(
      ep.deliverOrderById,
      { body: 'multipart', answer: HistoryItem },
      async (request) => {
        const developerId = currentUser(request).telegramId;
        // The order is named inside the form: its files are stored first and removed if the delivery is refused.
        const { files, fields } = await receiveOrderFiles(request, deps);
        const parsed = OrderIdParam.safeParse({ id: fields.id ?? '' });
        await withFiles(deps, files, async () => {
          if (!parsed.success) throw badRequest(MSG.orderNotFound);
          const orderId = Number(parsed.data.id);
          await assertDeliverable(db, orderId, developerId);
          await deliver(deps, { orderId, developerId, message: fields.message?.trim() || null, files });
        });
        return item(Number(parsed.data!.id), request);
      },
      {
        multipartDoc: answerFiles.extend({ id: z.string().describe('The order') }),
        description: 'multipart/form-data: `id` (the order) and one `file` part per file; the same delivery as `.../history/{id}/developer/save-file`.',
      },
    ),

    route(ep.developerCompletedOrders, { query: DeveloperOrdersQuery, answer: DeveloperOrderList }, async (request) => {
      const { page, limit } = request.query;
      return (await closedOrdersOf(db, currentUser(request).telegramId, { limit, offset: page * limit })).map(toDeveloperOrder);
    }),

    route(
      ep.deliverOrder,
      { params: OrderIdParam, body: 'multipart', answer: HistoryItem },
      async (request) => {
        const developerId = currentUser(request).telegramId;
        const orderId = Number(request.params.id);
        // Refuse before reading a byte of the upload: nothing is stored for a refused delivery.
        await assertDeliverable(db, orderId, developerId);
        const { files, fields } = await receiveOrderFiles(request, deps);
        const message = fields.message?.trim() || null;
        await withFiles(deps, files, () => deliver(deps, { orderId, developerId, message, files }));
        return item(orderId, request);
      },
      {
        multipartDoc: answerFiles,
        description:
          'multipart/form-data: one `file` part per file (PDF, Office/OpenDocument, images, archives, text and code files), ' +
          'optional `message` text part. Delivers the order once (DELIVERED): the files go to the buyer, the money stays in ' +
          'escrow until the buyer accepts or ORDER_ACCEPT_HOURS pass.',
      },
    ),

    route(
      ep.replaceOrderFiles,
      { params: OrderIdParam, body: 'multipart', answer: HistoryItem },
      async (request) => {
        const orderId = Number(request.params.id);
        await assertReplaceable(db, orderId);
        const { files } = await receiveOrderFiles(request, deps);
        await withFiles(deps, files, () => replaceFiles(deps, orderId, currentUser(request).telegramId, files));
        return item(orderId, request);
      },
      {
        multipartDoc: z.object({ file: z.array(binaryFile('A new answer file')) }),
        description:
          'multipart/form-data: one `file` part per file. Replaces all files of a delivered, disputed or done order; ' +
          'its state and money stay as they are, and the buyer receives the new files from the bot.',
      },
    ),

    route(ep.refundOrder, { params: OrderIdParam, answer: HistoryItem }, async (request) => {
      const orderId = Number(request.params.id);
      await adminRefund(deps, orderId, currentUser(request).telegramId);
      return item(orderId, request);
    }),
  ];
};
