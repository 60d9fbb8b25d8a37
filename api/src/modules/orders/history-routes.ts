import { z } from 'zod';
import {
  DeveloperOrderList,
  DeveloperOrdersQuery,
  HistoryItem,
  HistoryList,
  HistoryQuery,
  InProgressList,
  MSG,
  ORDER_MAX_FILES,
  ORDER_MAX_FILE_BYTES,
  ORDER_MESSAGE_MAX,
  OrderIdParam,
  TelegramIdParam,
  endpoints as ep,
} from '@zalik/contract';
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../../types/deps.js';
import { route, type Route } from '../../http/route.js';
import { assertSelfOrAdmin, currentUser } from '../../plugins/auth.js';
import { badRequest } from '../../lib/errors.js';
import { binaryFile } from '../files/multipart-doc.js';
import { detectFileType } from '../files/types.js';
import { receiveFiles, removeBlobs, type StoredUpload } from '../files/upload.js';
import { adminRefund } from './cancel.js';
import { assertDeliverable, assertReplaceable, deliver, replaceFiles } from './delivery.js';
import { closedOrdersOf, openOrdersInBatches, ordersOfBuyer, ordersOfBuyerInBatches } from './queries.js';
import { sendJsonArray } from '../../http/json-stream.js';
import { toDeveloperOrder, toInProgressOrder } from './rows.js';
import { historyItem, toHistoryItems } from './history-items.js';

/** The answer files of an order: 1-10 `file` parts, 20 MB each, of the types a delivery accepts. */
function receiveOrderFiles(request: FastifyRequest, deps: Pick<AppDeps, 'blobs'>) {
  return receiveFiles(request, deps.blobs, {
    fileFields: ['file', 'files'],
    minFiles: 1,
    maxFiles: ORDER_MAX_FILES,
    maxFileBytes: ORDER_MAX_FILE_BYTES,
    textFields: { message: ORDER_MESSAGE_MAX },
    messages: { required: MSG.filesRequired, tooMany: MSG.tooManyOrderFiles, tooBig: MSG.orderFileTooBig, textTooLong: MSG.orderMessageTooLong },
    accept: (fileName, bytes) => detectFileType(fileName, bytes) ?? badRequest(MSG.fileTypeUnsupported),
  });
}

/** Runs `work` with the stored files; if it refuses, the files are removed (nothing refers to them). */
async function withFiles(deps: Pick<AppDeps, 'blobs'>, files: StoredUpload[], work: () => Promise<void>): Promise<void> {
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

/** Orders per statement of a streamed history. */
const HISTORY_BATCH = 100;

const answerFiles = z.object({ file: z.array(binaryFile('An answer file')), message: z.string().max(ORDER_MESSAGE_MAX).optional() });

/** Histories of buyers, the developer's queue and record, delivery, replacing files and refund (`/api/v1/histories/...`). */
export const historyRoutes = (deps: AppDeps): Route[] => {
  const { db, links, config } = deps;
  const item = (id: number, request: FastifyRequest) => historyItem(db, links, config.orders, id, currentUser(request));
  async function* historyInBatches(buyerId: number, viewer: ReturnType<typeof currentUser>) {
    for await (const orders of ordersOfBuyerInBatches(db, buyerId, HISTORY_BATCH)) yield toHistoryItems(db, links, config.orders, orders, viewer);
  }
  return [
    route(ep.historyOfUser, { params: TelegramIdParam, query: HistoryQuery, answer: HistoryList }, async (request, reply) => {
      assertSelfOrAdmin(request, request.params.telegramId);
      const { page, limit } = request.query;
      const buyerId = Number(request.params.telegramId);
      if (limit !== undefined) {
        return toHistoryItems(db, links, config.orders, await ordersOfBuyer(db, buyerId, { limit, offset: (page ?? 0) * limit }), currentUser(request));
      }
      // The 1.8.7 client asks for the whole history: streamed (http/json-stream.ts).
      return sendJsonArray(reply, historyInBatches(buyerId, currentUser(request)));
    }),

    route(ep.ordersInProgress, { answer: InProgressList }, async (request, reply) => {
      const developerId = currentUser(request).telegramId;
      // Unpaged in every client: streamed (http/json-stream.ts).
      async function* batches() {
        for await (const found of openOrdersInBatches(db, developerId, HISTORY_BATCH)) yield found.map(toInProgressOrder);
      }
      return sendJsonArray(reply, batches());
    }),

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
