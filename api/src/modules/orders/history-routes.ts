import { z } from 'zod';
import {
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
import type { AppDeps } from '../../types/deps.js';
import { route, type Route } from '../../http/route.js';
import { assertSelfOrAdmin, currentUser } from '../../plugins/auth.js';
import { badRequest } from '../../lib/errors.js';
import { binaryFile } from '../files/multipart-doc.js';
import { detectFileType } from '../files/types.js';
import { receiveFiles, removeBlobs } from '../files/upload.js';
import { assertDeliverable, deliver, refund } from './delivery.js';
import { openOrdersOf } from './in-progress.js';
import { findOrder, ordersOfBuyer, toHistoryItem } from './read.js';

/** Histories of buyers, the developer's queue, delivery and refund (`/api/v1/histories/...`). */
export const historyRoutes = ({ db, blobs, links }: AppDeps): Route[] => [
  route(ep.historyOfUser, { params: TelegramIdParam, query: HistoryQuery, answer: HistoryList }, async (request) => {
    assertSelfOrAdmin(request, request.params.telegramId);
    const { page, limit } = request.query;
    const paging = limit !== undefined ? { limit, offset: (page ?? 0) * limit } : undefined;
    const orders = await ordersOfBuyer(db, Number(request.params.telegramId), paging);
    return orders.map((o) => toHistoryItem(o, links));
  }),

  route(ep.ordersInProgress, { answer: InProgressList }, (request) => openOrdersOf(db, currentUser(request).telegramId)),

  route(
    ep.deliverOrder,
    { params: OrderIdParam, body: 'multipart', answer: HistoryItem },
    async (request) => {
      const developerId = currentUser(request).telegramId;
      const orderId = Number(request.params.id);
      // Refuse before reading a byte of the upload: nothing is stored for a refused delivery.
      await assertDeliverable(db, orderId, developerId);
      const { files, fields } = await receiveFiles(request, blobs, {
        fileFields: ['file', 'files'],
        minFiles: 1,
        maxFiles: ORDER_MAX_FILES,
        maxFileBytes: ORDER_MAX_FILE_BYTES,
        textFields: { message: ORDER_MESSAGE_MAX },
        messages: { required: MSG.filesRequired, tooMany: MSG.tooManyOrderFiles, tooBig: MSG.orderFileTooBig, textTooLong: MSG.orderMessageTooLong },
        accept: (fileName, bytes) => detectFileType(fileName, bytes) ?? badRequest(MSG.fileTypeUnsupported),
      });
      try {
        const message = fields.message?.trim() || null;
        await deliver(db, { orderId, developerId, message, files });
      } catch (err) {
        await removeBlobs(blobs, files.map((f) => f.blobId));
        throw err;
      }
      return toHistoryItem((await findOrder(db, orderId))!, links);
    },
    {
      multipartDoc: z.object({ file: z.array(binaryFile('An answer file')), message: z.string().max(ORDER_MESSAGE_MAX).optional() }),
      description:
        'multipart/form-data: one `file` part per file (PDF, Office/OpenDocument, images, archives, text and code files), ' +
        'optional `message` text part. Completes the order once, pays the developer from escrow and sends the files to the buyer.',
    },
  ),

  route(ep.refundOrder, { params: OrderIdParam, answer: HistoryItem }, async (request) => {
    const orderId = Number(request.params.id);
    await refund(db, orderId);
    return toHistoryItem((await findOrder(db, orderId))!, links);
  }),
];
