import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ErrorBody,
  HistoryItem,
  HistoryQuery,
  InProgressOrder,
  MSG,
  ORDER_MAX_FILES,
  ORDER_MAX_FILE_BYTES,
  ORDER_MESSAGE_MAX,
  OrderIdParam,
  TelegramIdParam,
} from '@zalik/contract';
import { sql } from 'drizzle-orm';
import { assertSelfOrAdmin, currentUser } from '../../plugins/auth.js';
import { badRequest } from '../../lib/errors.js';
import { binaryFile, multipartValidator } from '../files/multipart-doc.js';
import { detectFileType } from '../files/types.js';
import { receiveFiles, removeBlobs } from '../files/upload.js';
import { assertDeliverable, deliver, refund } from './delivery.js';
import { openOrdersOf } from './in-progress.js';
import { findOrder, findOrders, toHistoryItem } from './read.js';
import type { AppDeps } from '../../types/deps.js';
import type { FileLinks } from '../files/signing.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 413: ErrorBody, 415: ErrorBody };

/** Histories of buyers, the developer's queue, delivery and refund (`/api/v1/histories/...`). */
export const historyRoutes: FastifyPluginAsyncZod<AppDeps & { links: FileLinks }> = async (app, { db, blobs, links }) => {
  app.get(
    '/histories/user/:telegramId',
    {
      schema: {
        tags: ['orders'],
        summary: "A user's purchases, newest first, with signed download links (self or admin); all of them unless page/limit are given",
        params: TelegramIdParam,
        querystring: HistoryQuery,
        response: { 200: z.array(HistoryItem), ...errors },
      },
    },
    async (request) => {
      assertSelfOrAdmin(request, request.params.telegramId);
      const { page, limit } = request.query;
      const paging = limit !== undefined ? { limit, offset: (page ?? 0) * limit } : undefined;
      const orders = await findOrders(db, sql`buyer_id = ${Number(request.params.telegramId)}`, paging);
      return orders.map((o) => toHistoryItem(o, links));
    },
  );

  app.get(
    '/histories/developer/in-progress',
    {
      config: { access: 'developer' },
      schema: { tags: ['orders'], summary: "The calling developer's open orders, oldest first", response: { 200: z.array(InProgressOrder), ...errors } },
    },
    (request) => openOrdersOf(db, currentUser(request).telegramId),
  );

  app.patch(
    '/histories/history/:id/developer/save-file',
    {
      config: { access: 'developer' },
      validatorCompiler: multipartValidator,
      schema: {
        tags: ['orders'],
        summary: "Deliver a manual order: its developer sends 1-10 files (20 MB each) and an optional message",
        description:
          'multipart/form-data: one `file` part per file (PDF, Office/OpenDocument, images, archives, text and code files), ' +
          'optional `message` text part. Completes the order once, pays the developer from escrow and sends the files to the buyer.',
        consumes: ['multipart/form-data'],
        params: OrderIdParam,
        body: z.object({ file: z.array(binaryFile('An answer file')), message: z.string().max(ORDER_MESSAGE_MAX).optional() }),
        response: { 200: HistoryItem, ...errors },
      },
    },
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
  );

  app.post(
    '/histories/history/:id/refund',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['orders'],
        summary: 'Admin: cancel an order still in progress and return its money to the buyer',
        params: OrderIdParam,
        response: { 200: HistoryItem, ...errors },
      },
    },
    async (request) => {
      const orderId = Number(request.params.id);
      await refund(db, orderId);
      return toHistoryItem((await findOrder(db, orderId))!, links);
    },
  );
};
