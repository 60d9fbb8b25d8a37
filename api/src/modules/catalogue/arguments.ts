import { Argument, ArgumentCreate, ArgumentList, ArgumentPatch, ArgumentUpdate, IdParam, MSG, Ok, endpoints as ep } from '@zalik/contract';
import type { CoreDeps } from '../../types/deps.js';
import { route, type Route } from '../../http/route.js';
import { notFound } from '../../lib/errors.js';
import * as q from './arguments.queries.js';
import { deletedByAdmin } from './audited.js';
import { currentUser } from '../../http/auth.js';

/** The labelled inputs a task asks its buyer for. */
export const argumentsRoutes = ({ db }: CoreDeps): Route[] => [
  route(ep.listArguments, { answer: ArgumentList }, () => q.listArguments(db)),

  route(ep.createArgument, { body: ArgumentCreate, answer: Argument }, (request) => q.insertArgument(db, request.body)),

  route(ep.updateArgument, { params: IdParam, body: ArgumentPatch, answer: Argument }, async (request) => {
    const updated = await q.updateArgument(db, Number(request.params.id), request.body);
    if (!updated) throw notFound(MSG.argumentNotFound);
    return updated;
  }),

  route(ep.putArgument, { body: ArgumentUpdate, answer: Argument }, async (request) => {
    const { id, ...argument } = request.body;
    const updated = await q.updateArgument(db, Number(id), argument);
    if (!updated) throw notFound(MSG.argumentNotFound);
    return updated;
  }),

  route(ep.deleteArgument, { params: IdParam, answer: Ok }, async (request) => {
    const id = Number(request.params.id);
    await deletedByAdmin(db, currentUser(request).telegramId, `argument:${id}`, (tx) => q.archiveArgument(tx, id));
    return { ok: true as const };
  }),
];
