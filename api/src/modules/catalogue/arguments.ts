import { Argument, ArgumentCreate, ArgumentList, ArgumentPatch, IdParam, MSG, Ok, endpoints as ep } from '@zalik/contract';
import type { AppDeps } from '../../types/deps.js';
import { route, type Route } from '../../http/route.js';
import { notFound } from '../../lib/errors.js';
import * as q from './arguments.queries.js';

/** The labelled inputs a task asks its buyer for. */
export const argumentsRoutes = ({ db }: AppDeps): Route[] => [
  route(ep.listArguments, { answer: ArgumentList }, () => q.listArguments(db)),

  route(ep.createArgument, { body: ArgumentCreate, answer: Argument }, (request) => q.insertArgument(db, request.body)),

  route(ep.updateArgument, { params: IdParam, body: ArgumentPatch, answer: Argument }, async (request) => {
    const updated = await q.updateArgument(db, Number(request.params.id), request.body);
    if (!updated) throw notFound(MSG.argumentNotFound);
    return updated;
  }),

  route(ep.deleteArgument, { params: IdParam, answer: Ok }, async (request) => {
    await q.archiveArgument(db, Number(request.params.id));
    return { ok: true as const };
  }),
];
