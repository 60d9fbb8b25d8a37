import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sql } from 'drizzle-orm';
import { ErrorBody, MSG } from '@zalik/contract';
import type { AppDeps } from '../../app.js';
import { row } from '../../db/client.js';
import { HttpError, forbidden, notFound } from '../../lib/errors.js';
import { contentDisposition } from './names.js';
import type { FileLinks } from './signing.js';
import { isMissingBlob } from '../../ports/blob-store.js';

/**
 * `GET /api/v1/files/{fileId}?exp=&sig=`: an order's file, for whoever holds a fresh signed
 * link. No bearer token: Telegram's downloadFile and a hidden frame fetch it themselves.
 * Links are only handed out in answers that are already restricted to the buyer, the
 * order's developer and admins.
 */
export const filesRoutes: FastifyPluginAsyncZod<AppDeps & { links: FileLinks }> = async (app, { db, blobs, links }) => {
  app.get(
    '/files/:fileId',
    {
      config: { access: 'public' },
      schema: {
        tags: ['files'],
        summary: 'Download an order file through a signed link',
        security: [],
        params: z.object({ fileId: z.string() }),
        querystring: z.object({ exp: z.string().optional(), sig: z.string().optional() }),
        response: { 403: ErrorBody, 404: ErrorBody },
      },
    },
    async (request, reply) => {
      const { fileId } = request.params;
      const { exp = '', sig = '' } = request.query;
      if (!/^[1-9]\d{0,15}$/.test(fileId) || !links.verify(fileId, exp, sig)) throw forbidden(MSG.linkInvalid);
      const file = await row<{ blob_id: string; file_name: string; mime: string }>(
        db,
        sql`SELECT blob_id, file_name, mime FROM order_files WHERE id = ${Number(fileId)}`,
      );
      if (!file) throw notFound(MSG.fileNotFound);
      let stored;
      try {
        stored = await blobs.stream(file.blob_id);
      } catch (err) {
        // A store that cannot be reached is not a missing file: the user may try again soon.
        if (isMissingBlob(err)) throw notFound(MSG.fileNotFound);
        request.log.error({ err }, 'file store unavailable');
        throw new HttpError(503, MSG.unavailable);
      }
      return reply
        .header('content-type', file.mime)
        .header('content-length', stored.size)
        .header('content-disposition', contentDisposition(file.file_name))
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('cache-control', 'private, max-age=300')
        // A stream bypasses the serializer; the error schemas above only type the error answers.
        .send(stored.stream as never);
    },
  );
};
