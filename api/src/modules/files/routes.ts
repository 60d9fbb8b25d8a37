import { DownloadParam, DownloadQuery, MSG, endpoints as ep, ID_PATTERN } from '@zalik/contract';
import type { CoreDeps } from '../../types/deps.js';
import type { FileLinks } from './signing.js';
import { route, type Route } from '../../http/route.js';
import { forbidden } from '../../lib/errors.js';
import { openOrderFile } from './download.js';
import { contentDisposition } from './names.js';

/**
 * `GET /api/v1/files/{fileId}?exp=&sig=`: an order's file, for whoever holds a fresh signed
 * link. No bearer token: Telegram's downloadFile and a hidden frame fetch it themselves.
 * Links are only handed out in answers that are already restricted to the buyer, the
 * order's developer and admins.
 */
export const filesRoutes = ({ db, blobs, links }: CoreDeps & { links: FileLinks }): Route[] => [
  route(ep.downloadFile, { params: DownloadParam, query: DownloadQuery, answer: 'file' }, async (request, reply) => {
    const { fileId } = request.params;
    const { exp = '', sig = '' } = request.query;
    const staff = request.query.for === 'staff';
    if (!ID_PATTERN.test(fileId) || !links.verify(fileId, exp, sig, staff)) throw forbidden(MSG.linkInvalid);
    const file = await openOrderFile({ db, blobs }, Number(fileId), request.log, staff);
    return reply
      .header('content-type', file.mime)
      .header('content-length', file.size)
      .header('content-disposition', contentDisposition(file.fileName))
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('cache-control', 'private, max-age=300')
      // A stream bypasses the serializer.
      .send(file.stream);
  }),
];
